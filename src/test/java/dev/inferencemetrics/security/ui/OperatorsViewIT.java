package dev.inferencemetrics.security.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.button.Button;
import dev.inferencemetrics.security.ManagedUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class OperatorsViewIT extends SpringBrowserlessTest {

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_adds_an_operator_without_a_role_to_pick_and_cannot_disable_themselves() {
        OperatorsView view = navigate(OperatorsView.class);
        String username = "op-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        assertThat(view.form.role.isVisible()).isFalse();
        test(view.form.username).setValue(username);
        test(view.form.displayName).setValue("Another Operator");
        test(view.form.password).setValue("operator password");

        test(view.form.create).click();

        assertThat(view.list.error.getText()).isEmpty();
        assertThat(rows(view)).extracting(ManagedUser::username).contains("operator", username);
        assertThat(rows(view)).extracting(ManagedUser::role).containsOnly(Role.OPERATOR);
        int self = rows(view).stream().map(ManagedUser::username).toList().indexOf("operator");
        assertThat(((Button) test(view.list.grid).getCellComponent(self, 3)).isEnabled())
                .isFalse();
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_taken_username_is_refused_with_a_message() {
        OperatorsView view = navigate(OperatorsView.class);
        test(view.form.username).setValue("acme-admin");
        test(view.form.displayName).setValue("Impostor");
        test(view.form.password).setValue("operator password");

        test(view.form.create).click();

        assertThat(view.list.error.getText()).isEqualTo("The username acme-admin is taken.");
        assertThat(rows(view)).extracting(ManagedUser::username).doesNotContain("acme-admin");
    }

    private static List<ManagedUser> rows(OperatorsView view) {
        return ListedUsers.of(view.list);
    }
}
