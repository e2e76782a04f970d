package dev.inferencemetrics.security.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.audit.AuditQuery;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.ManagedUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@dev.inferencemetrics.testing.IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class UsersViewIT extends SpringBrowserlessTest {

    private static final int ROLE = 2;
    private static final int ENABLE = 4;
    private static final int SET_PASSWORD = 5;

    @Autowired
    CurrentUser currentUser;

    @Autowired
    AuditLog auditLog;

    @Autowired
    UserDetailsService userDetails;

    @Autowired
    PasswordEncoder passwordEncoder;

    @Autowired
    Clock clock;

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_sees_the_users_of_their_own_tenant_only() {
        UsersView view = navigate(UsersView.class);

        assertThat(view.tenant.isVisible()).isFalse();
        assertThat(view.tenant.getValue().slug()).isEqualTo("acme");
        assertThat(rows(view))
                .extracting(ManagedUser::tenantId)
                .containsOnly(view.tenant.getValue().id());
        assertThat(rows(view))
                .extracting(ManagedUser::username)
                .contains("acme-admin", "acme-viewer")
                .doesNotContain("globex-admin", "globex-viewer", "operator");
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_adds_a_user_makes_them_admin_and_disables_them() {
        UsersView view = navigate(UsersView.class);
        String username = "new-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        test(view.form.username).setValue(username);
        test(view.form.displayName).setValue("New Colleague");
        test(view.form.password).setValue("twelve chars!");

        test(view.form.create).click();

        assertThat(view.list.error.getText()).isEmpty();
        assertThat(view.form.username.getValue()).isEmpty();
        assertThat(row(view, username).role()).isEqualTo(Role.TENANT_VIEWER);
        roleSelect(view, username).setValue(Role.TENANT_ADMIN);
        assertThat(row(view, username).role()).isEqualTo(Role.TENANT_ADMIN);
        test(enableButton(view, username)).click();
        assertThat(row(view, username).enabled()).isFalse();
        test(enableButton(view, username)).click();
        assertThat(row(view, username).enabled()).isTrue();
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_short_password_is_refused_with_a_message_and_nobody_is_added() {
        UsersView view = navigate(UsersView.class);
        int before = rows(view).size();
        test(view.form.username).setValue("short-password-user");
        test(view.form.displayName).setValue("Short Password");
        test(view.form.password).setValue("too short");

        test(view.form.create).click();

        assertThat(view.list.error.getText()).isEqualTo("The password needs at least 12 characters.");
        assertThat(rows(view)).hasSize(before);
        assertThat(view.form.username.getValue()).isEqualTo("short-password-user");
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_sets_a_members_password_in_a_dialog_that_explains_a_refusal() {
        UsersView view = navigate(UsersView.class);
        String username = "reset-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        test(view.form.username).setValue(username);
        test(view.form.displayName).setValue("Forgetful");
        test(view.form.password).setValue("first password!");
        test(view.form.create).click();

        test(passwordButton(view, username)).click();
        SetPasswordDialog dialog = $(SetPasswordDialog.class).single();
        test(dialog.password).setValue("too short");
        test(dialog.save).click();
        assertThat(dialog.isOpened()).isTrue();
        assertThat(dialog.error.getText()).isEqualTo("The password needs at least 12 characters.");
        test(dialog.password).setValue("second password!");
        test(dialog.save).click();

        assertThat(dialog.isOpened()).isFalse();
        UserDetails stored = userDetails.loadUserByUsername(username);
        assertThat(passwordEncoder.matches("second password!", stored.getPassword()))
                .isTrue();
        assertThat(passwordButton(view, "acme-admin").isEnabled()).isFalse();
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_cannot_disable_or_demote_themselves_from_the_page() {
        UsersView view = navigate(UsersView.class);

        assertThat(enableButton(view, "acme-admin").isEnabled()).isFalse();
        assertThat(roleSelect(view, "acme-admin").isEnabled()).isFalse();
        assertThat(currentUser.require().role()).isEqualTo(Role.TENANT_ADMIN);
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_viewer_cannot_open_the_users_page() {
        navigate("users", Component.class);

        assertThat(getCurrentView()).isNotInstanceOf(UsersView.class);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_picks_the_tenant_whose_users_to_manage_and_the_access_is_audited() {
        Instant opened = clock.instant().minusSeconds(1);
        UsersView view = navigate(UsersView.class);
        assertThat(view.tenant.isVisible()).isTrue();

        // the picker offers the tenants whose name holds what the operator types, a page at a time
        test(view.tenant).setFilter("Globex");
        assertThat(test(view.tenant).getSuggestions()).contains("Globex Labs");
        test(view.tenant).selectItem("Globex Labs");

        assertThat(rows(view)).extracting(ManagedUser::username).contains("globex-admin", "globex-viewer");
        assertThat(rows(view))
                .extracting(ManagedUser::tenantId)
                .containsOnly(view.tenant.getValue().id());
        assertThat(crossTenantAccessSince(opened, view.tenant.getValue().id()))
                .extracting(AuditEntry::actor, AuditEntry::detail)
                .contains(tuple("operator", "Users of globex"));
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_on_their_own_tenant_is_not_cross_tenant_access() {
        Instant opened = clock.instant().minusSeconds(1);
        UsersView view = navigate(UsersView.class);

        assertThat(crossTenantAccessSince(opened, view.tenant.getValue().id()))
                .extracting(AuditEntry::actor)
                .doesNotContain("acme-admin");
    }

    private List<AuditEntry> crossTenantAccessSince(Instant since, long tenantId) {
        return auditLog.search(
                TenantScope.allTenants(),
                new AuditQuery(since, AuditKind.CROSS_TENANT_ACCESS, tenantId, null, AuditQuery.MAX_LIMIT));
    }

    private static List<ManagedUser> rows(UsersView view) {
        return ListedUsers.of(view.list);
    }

    private int indexOf(UsersView view, String username) {
        List<ManagedUser> rows = rows(view);
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).username().equals(username)) {
                return i;
            }
        }
        throw new AssertionError(username + " is not listed");
    }

    private ManagedUser row(UsersView view, String username) {
        return rows(view).get(indexOf(view, username));
    }

    @SuppressWarnings("unchecked")
    private Select<Role> roleSelect(UsersView view, String username) {
        return (Select<Role>) test(view.list.grid).getCellComponent(indexOf(view, username), ROLE);
    }

    private Button passwordButton(UsersView view, String username) {
        return (Button) test(view.list.grid).getCellComponent(indexOf(view, username), SET_PASSWORD);
    }

    private Button enableButton(UsersView view, String username) {
        return (Button) test(view.list.grid).getCellComponent(indexOf(view, username), ENABLE);
    }
}
