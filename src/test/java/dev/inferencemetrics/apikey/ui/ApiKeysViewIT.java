package dev.inferencemetrics.apikey.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.browserless.internal.MockVaadin;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.notification.Notification;
import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.LocalDate;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class ApiKeysViewIT extends SpringBrowserlessTest {

    @Autowired
    ApiKeyService apiKeys;

    @Test
    @WithUserDetails(value = "globex-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_creates_a_key_that_works_once_shown_and_stops_working_when_revoked() {
        ApiKeysView view = navigate(ApiKeysView.class);
        assertThat(view.tenant.isVisible()).isFalse();
        test(view.name).setValue("edge gateway " + System.nanoTime());
        view.scopes.setValue(Set.of(ApiScope.INGEST, ApiScope.METRICS_READ));

        test(view.create).click();

        String plaintext = $(NewKeyDialog.class).single().key.getText();
        ApiClient client = apiKeys.authenticate(plaintext).orElseThrow();
        assertThat(client.scope())
                .isEqualTo(TenantScope.tenant(view.tenant.getValue().id()));
        assertThat(view.tenant.getValue().slug()).isEqualTo("globex");
        assertThat(client.scopes()).containsExactlyInAnyOrder(ApiScope.INGEST, ApiScope.METRICS_READ);
        var listed = test(view.keys);
        int row = indexOf(view, client.keyId());
        assertThat(listed.getRow(row).prefix()).isEqualTo(plaintext.substring(0, 12));

        test((com.vaadin.flow.component.button.Button) listed.getCellComponent(row, 6))
                .click();
        ConfirmDialog question = $(ConfirmDialog.class).last();
        assertThat(question.getElement().getProperty("header"))
                .isEqualTo("Revoke key " + plaintext.substring(0, 12) + "… \""
                        + listed.getRow(row).name() + "\"?");
        assertThat(apiKeys.authenticate(plaintext)).isPresent();

        test(question).confirm();

        assertThat(apiKeys.authenticate(plaintext)).isEmpty();
    }

    @Test
    @WithUserDetails(value = "globex-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_expiry_after_the_year_9999_is_marked_in_plain_words_and_creates_no_key() {
        ApiKeysView view = navigate(ApiKeysView.class);
        int before = test(view.keys).size();
        test(view.name).setValue("far future " + System.nanoTime());
        view.scopes.setValue(Set.of(ApiScope.METRICS_READ));
        view.expires.setValue(LocalDate.of(99_999, 1, 1));

        test(view.create).click();

        assertThat(view.expires.isInvalid()).isTrue();
        assertThat(view.expires.getErrorMessage()).isEqualTo("Pick a day before the year 10000, or none");
        assertThat($(NewKeyDialog.class).all()).isEmpty();
        assertThat(test(view.keys).size()).isEqualTo(before);
    }

    @Test
    @WithUserDetails(value = "globex-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_key_name_the_database_refuses_is_answered_with_the_plain_sentence_and_creates_no_key() {
        ApiKeysView view = navigate(ApiKeysView.class);
        int before = test(view.keys).size();
        test(view.name).setValue("gateway \u0000 one");
        view.scopes.setValue(Set.of(ApiScope.METRICS_READ));

        // as a click from the browser runs: through the session, whose error handler answers what it throws
        UI.getCurrent().access(() -> test(view.create).click());
        MockVaadin.runUIQueue(true);

        assertThat(test($(Notification.class).last()).getText())
                .isEqualTo("That value cannot be used here. Check the dates and numbers you entered.");
        assertThat($(NewKeyDialog.class).all()).isEmpty();
        assertThat(test(view.keys).size()).isEqualTo(before);
    }

    @Test
    @WithUserDetails(value = "globex-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_viewer_cannot_open_the_keys_page() {
        navigate("api-keys", Component.class);

        assertThat(getCurrentView()).isNotInstanceOf(ApiKeysView.class);
    }

    private int indexOf(ApiKeysView view, long keyId) {
        var grid = test(view.keys);
        for (int i = 0; i < grid.size(); i++) {
            if (grid.getRow(i).id() == keyId) {
                return i;
            }
        }
        throw new AssertionError("key " + keyId + " is not listed");
    }
}
