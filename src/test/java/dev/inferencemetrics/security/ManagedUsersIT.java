package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.audit.AuditQuery;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.RecordedEvents;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;

@IntegrationTest
class ManagedUsersIT {

    private static final String PASSWORD = "a long enough password";
    private static final String NEW_PASSWORD = "another long password";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    ManagedUsers managedUsers;

    @Autowired
    UserAccounts accounts;

    @Autowired
    AuditLog auditLog;

    @Autowired
    PasswordEncoder passwordEncoder;

    @Autowired
    UserDetailsService userDetails;

    @Autowired
    SessionRegistry sessions;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    Clock clock;

    @Test
    void disabling_a_signed_in_user_ends_their_session_and_they_cannot_sign_in_again() {
        TestTenant tenant = TestTenant.create(context, "disable");
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(member.username(), PASSWORD);
        assertThat(browser.isSignedIn()).isTrue();

        try (RecordedEvents events = RecordedEvents.listen(context)) {
            managedUsers.disable(operator(), member.id());

            assertThat(events.of(UserDisabled.class))
                    .containsExactly(
                            new UserDisabled(operator().userId(), member.id(), tenant.id(), member.username()));
        }
        assertThat(browser.isSignedIn()).isFalse();
        BrowserSession again = new BrowserSession(port);
        again.signIn(member.username(), PASSWORD);
        assertThat(again.isSignedIn()).isFalse();
    }

    @Test
    void an_operator_unlocks_a_throttled_member_whose_password_then_signs_in_and_the_audit_log_says_so() {
        TestTenant tenant = TestTenant.create(context, "unlock");
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        for (int attempt = 0; attempt < 5; attempt++) {
            new BrowserSession(port).signIn(member.username(), "not the password");
        }
        assertThat(signsIn(member.username(), PASSWORD)).as("throttled").isFalse();

        try (RecordedEvents events = RecordedEvents.listen(context)) {
            managedUsers.unlockSignIn(operator(), member.id());

            assertThat(events.of(SignInUnlocked.class))
                    .containsExactly(new SignInUnlocked(operator().userId(), member.id(), tenant.id()));
        }
        assertThat(signsIn(member.username(), PASSWORD)).isTrue();
        assertThat(auditDetails(AuditKind.SIGN_IN_UNLOCKED, tenant))
                .containsExactly("User id " + member.id() + ": failed sign-ins forgotten, sign-in unlocked");
    }

    @Test
    void a_user_disabled_by_another_instance_is_signed_out_once_the_recheck_interval_has_passed() {
        TestTenant tenant = TestTenant.create(context, "elsewhere");
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(member.username(), PASSWORD);
        assertThat(browser.isSignedIn()).isTrue();
        owner.jdbc().update("update app_user set enabled = false where id = ?", member.id());

        makeRecheckDue(browser);

        assertThat(browser.isSignedIn()).isFalse();
    }

    @Test
    void a_user_whose_password_was_set_on_another_instance_is_signed_out_once_the_recheck_interval_has_passed() {
        TestTenant tenant = TestTenant.create(context, "elsewhere-password");
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(member.username(), PASSWORD);
        owner.jdbc()
                .update(
                        "update app_user set password_hash = ? where id = ?",
                        passwordEncoder.encode(NEW_PASSWORD),
                        member.id());
        assertThat(browser.isSignedIn()).as("before the recheck is due").isTrue();

        makeRecheckDue(browser);

        assertThat(browser.isSignedIn()).isFalse();
    }

    private void makeRecheckDue(BrowserSession browser) {
        SessionRechecks.makeDue(context, Objects.requireNonNull(browser.sessionId()));
    }

    @Test
    void a_role_change_ends_the_users_sessions_and_the_next_sign_in_carries_the_new_role() {
        TestTenant tenant = TestTenant.create(context, "promote");
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(member.username(), PASSWORD);
        assertThat(signedInRoles(member)).containsExactly(Role.TENANT_VIEWER);

        try (RecordedEvents events = RecordedEvents.listen(context)) {
            managedUsers.changeRole(operator(), member.id(), Role.TENANT_ADMIN);

            assertThat(events.of(UserRoleChanged.class))
                    .containsExactly(new UserRoleChanged(
                            operator().userId(),
                            member.id(),
                            tenant.id(),
                            member.username(),
                            Role.TENANT_VIEWER,
                            Role.TENANT_ADMIN));
        }
        assertThat(browser.isSignedIn()).isFalse();
        assertThat(signedInRoles(member)).isEmpty();
        browser.signIn(member.username(), PASSWORD);
        assertThat(browser.isSignedIn()).isTrue();
        assertThat(signedInRoles(member)).containsExactly(Role.TENANT_ADMIN);
    }

    @Test
    void an_admin_sets_a_members_password_which_ends_their_sessions_and_only_the_new_one_signs_in() {
        TestTenant tenant = TestTenant.create(context, "reset");
        SignedInUser admin = signedIn(create(operator(), tenant, "admin", Role.TENANT_ADMIN));
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(member.username(), PASSWORD);
        assertThat(browser.isSignedIn()).isTrue();

        try (RecordedEvents events = RecordedEvents.listen(context)) {
            managedUsers.setPassword(admin, member.id(), NEW_PASSWORD);

            assertThat(events.of(UserPasswordSet.class))
                    .containsExactly(new UserPasswordSet(admin.userId(), member.id(), tenant.id(), member.username()));
        }
        assertThat(browser.isSignedIn()).isFalse();
        assertThat(signsIn(member.username(), PASSWORD)).isFalse();
        assertThat(signsIn(member.username(), NEW_PASSWORD)).isTrue();
        assertThat(auditDetails(AuditKind.USER_PASSWORD_SET, tenant))
                .containsExactly("User " + member.username() + " (id " + member.id()
                        + ") given a new password; their sessions were ended");
    }

    @Test
    void a_password_an_admin_may_not_set_is_refused_and_the_old_one_still_signs_in() {
        TestTenant tenant = TestTenant.create(context, "reset-refused");
        TestTenant other = TestTenant.create(context, "reset-other");
        ManagedUser adminMember = create(operator(), tenant, "admin", Role.TENANT_ADMIN);
        SignedInUser admin = signedIn(adminMember);
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        ManagedUser stranger = create(operator(), other, "stranger", Role.TENANT_VIEWER);

        assertThatThrownBy(() -> managedUsers.setPassword(admin, member.id(), "elevenchars"))
                .hasMessage("The password needs at least 12 characters.");
        assertThatThrownBy(() -> managedUsers.setPassword(admin, member.id(), "ü".repeat(37)))
                .hasMessage("The password may be at most 72 bytes long.");
        assertThatThrownBy(() -> managedUsers.setPassword(admin, adminMember.id(), NEW_PASSWORD))
                .hasMessage("Change your own password on the Account page.");
        assertThatThrownBy(() -> managedUsers.setPassword(admin, stranger.id(), NEW_PASSWORD))
                .hasMessage("There is no such user in this tenant.");
        assertThat(signsIn(member.username(), PASSWORD)).isTrue();
        assertThat(signsIn(stranger.username(), PASSWORD)).isTrue();
        assertThat(signsIn(adminMember.username(), PASSWORD)).isTrue();
    }

    @Test
    void changing_ones_own_password_needs_the_current_one_and_ends_only_the_other_sessions() {
        TestTenant tenant = TestTenant.create(context, "own-password");
        ManagedUser member = create(operator(), tenant, "member", Role.TENANT_VIEWER);
        BrowserSession here = new BrowserSession(port);
        here.signIn(member.username(), PASSWORD);
        BrowserSession elsewhere = new BrowserSession(port);
        elsewhere.signIn(member.username(), PASSWORD);
        String hereId = Objects.requireNonNull(here.sessionId());

        assertThatThrownBy(() -> accounts.changeOwnPassword(signedIn(member), "not my password", NEW_PASSWORD, hereId))
                .hasMessage("The current password is not right.");
        assertThatThrownBy(() -> accounts.changeOwnPassword(signedIn(member), PASSWORD, PASSWORD, hereId))
                .hasMessage("The new password is the same as the current one.");
        assertThatThrownBy(() -> accounts.changeOwnPassword(signedIn(member), PASSWORD, "short", hereId))
                .hasMessage("The password needs at least 12 characters.");
        assertThat(elsewhere.isSignedIn()).isTrue();

        try (RecordedEvents events = RecordedEvents.listen(context)) {
            accounts.changeOwnPassword(signedIn(member), PASSWORD, NEW_PASSWORD, hereId);

            assertThat(events.of(PasswordChanged.class)).singleElement().satisfies(changed -> {
                assertThat(changed.userId()).isEqualTo(member.id());
                assertThat(changed.tenantId()).isEqualTo(tenant.id());
                assertThat(changed.keptSessionId()).isEqualTo(hereId);
            });
        }
        assertThat(elsewhere.isSignedIn()).isFalse();
        makeRecheckDue(here);
        assertThat(here.isSignedIn())
                .as("the session the password was changed in, rechecked")
                .isTrue();
        assertThat(signsIn(member.username(), PASSWORD)).isFalse();
        assertThat(signsIn(member.username(), NEW_PASSWORD)).isTrue();
        assertThat(auditDetails(AuditKind.PASSWORD_CHANGED, tenant)).hasSize(1);
    }

    @Test
    void an_operator_adds_an_operator_who_sees_every_tenant_and_manages_them_like_a_member() {
        String username = "second-operator-" + ThreadLocalRandom.current().nextInt(1 << 30);
        try (RecordedEvents events = RecordedEvents.listen(context)) {
            ManagedUser added = managedUsers.createOperator(
                    operator(), new NewUser(username, "Second Operator", Role.OPERATOR, PASSWORD));

            assertThat(added.tenantId()).isNull();
            assertThat(events.of(UserCreated.class))
                    .containsExactly(new UserCreated(operator().userId(), added.id(), null, username, Role.OPERATOR));
            assertThat(signedIn(added).scope()).isEqualTo(TenantScope.allTenants());
            assertThat(managedUsers.listOperators(operator()))
                    .extracting(ManagedUser::username)
                    .contains("operator", username);

            managedUsers.setPassword(operator(), added.id(), NEW_PASSWORD);
            assertThat(signsIn(username, NEW_PASSWORD)).isTrue();
            managedUsers.disable(operator(), added.id());
            assertThat(signsIn(username, NEW_PASSWORD)).isFalse();
            assertThat(events.of(UserDisabled.class))
                    .containsExactly(new UserDisabled(operator().userId(), added.id(), null, username));
        }
        assertThatThrownBy(() -> managedUsers.changeRole(
                        operator(),
                        managedUsers.listOperators(operator()).stream()
                                .filter(listed -> listed.username().equals(username))
                                .findFirst()
                                .orElseThrow()
                                .id(),
                        Role.TENANT_ADMIN))
                .hasMessage("A tenant member is a tenant admin or a tenant viewer.");
    }

    @Test
    void a_tenant_admin_neither_sees_nor_touches_operators_and_nobody_makes_an_operator_of_a_member() {
        TestTenant tenant = TestTenant.create(context, "no-operators");
        SignedInUser admin = signedIn(create(operator(), tenant, "admin", Role.TENANT_ADMIN));
        long operatorId = operator().userId();

        assertThatThrownBy(() -> managedUsers.listOperators(admin)).isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> managedUsers.createOperator(
                        admin, new NewUser("sneaky-" + tenant.id(), "Sneaky", Role.OPERATOR, PASSWORD)))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> managedUsers.disable(admin, operatorId))
                .hasMessage("There is no such user in this tenant.");
        assertThatThrownBy(() -> managedUsers.setPassword(admin, operatorId, NEW_PASSWORD))
                .hasMessage("There is no such user in this tenant.");
        assertThatThrownBy(() -> managedUsers.create(
                        admin, tenant.id(), new NewUser("raised-" + tenant.id(), "Raised", Role.OPERATOR, PASSWORD)))
                .hasMessage("A tenant member is a tenant admin or a tenant viewer.");
        assertThatThrownBy(() -> managedUsers.createOperator(
                        operator(), new NewUser("member-" + tenant.id(), "Member", Role.TENANT_ADMIN, PASSWORD)))
                .hasMessage("An operator has the operator role.");
        assertThatThrownBy(() -> managedUsers.disable(operator(), operatorId))
                .hasMessage("You cannot disable yourself.");
        assertThat(signsIn("operator", "demo")).isTrue();
    }

    private boolean signsIn(String username, String password) {
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(username, password);
        return browser.isSignedIn();
    }

    private List<String> auditDetails(AuditKind kind, TestTenant tenant) {
        return auditLog
                .search(
                        TenantScope.allTenants(),
                        new AuditQuery(
                                clock.instant().minus(Duration.ofHours(1)),
                                kind,
                                tenant.id(),
                                null,
                                AuditQuery.MAX_LIMIT))
                .stream()
                .map(AuditEntry::detail)
                .toList();
    }

    /** The role of each live session of the user, as the session registry holds them. */
    private List<Role> signedInRoles(ManagedUser member) {
        return sessions.getAllPrincipals().stream()
                .filter(principal -> principal instanceof SignedInUser user && user.userId() == member.id())
                .flatMap(principal -> sessions.getAllSessions(principal, false).stream()
                        .map(session -> ((SignedInUser) session.getPrincipal()).role()))
                .toList();
    }

    @Test
    void a_tenant_admin_cannot_see_or_change_another_tenants_users() {
        TestTenant own = TestTenant.create(context, "own");
        TestTenant other = TestTenant.create(context, "other");
        SignedInUser admin = signedIn(create(operator(), own, "admin", Role.TENANT_ADMIN));
        ManagedUser stranger = create(operator(), other, "stranger", Role.TENANT_VIEWER);

        assertThatThrownBy(() -> managedUsers.list(admin, other.id())).isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> managedUsers.disable(admin, stranger.id()))
                .hasMessage("There is no such user in this tenant.");
        assertThatThrownBy(() -> managedUsers.changeRole(admin, stranger.id(), Role.TENANT_ADMIN))
                .hasMessage("There is no such user in this tenant.");
        assertThat(managedUsers.list(operator(), other.id())).singleElement().satisfies(user -> {
            assertThat(user.enabled()).isTrue();
            assertThat(user.role()).isEqualTo(Role.TENANT_VIEWER);
        });
    }

    @Test
    void a_tenant_viewer_manages_nobody() {
        TestTenant tenant = TestTenant.create(context, "viewer");
        SignedInUser viewer = signedIn(create(operator(), tenant, "viewer", Role.TENANT_VIEWER));

        assertThatThrownBy(() -> managedUsers.list(viewer, tenant.id())).isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> managedUsers.create(
                        viewer, tenant.id(), new NewUser("x" + tenant.id(), "X", Role.TENANT_ADMIN, PASSWORD)))
                .isInstanceOf(AccessDeniedException.class);
    }

    @Test
    void an_admin_can_neither_disable_nor_demote_themselves() {
        TestTenant tenant = TestTenant.create(context, "self");
        ManagedUser admin = create(operator(), tenant, "admin", Role.TENANT_ADMIN);
        SignedInUser self = signedIn(admin);

        assertThatThrownBy(() -> managedUsers.disable(self, admin.id())).hasMessage("You cannot disable yourself.");
        assertThatThrownBy(() -> managedUsers.changeRole(self, admin.id(), Role.TENANT_VIEWER))
                .hasMessage("You cannot change your own role.");
    }

    @Test
    void bad_input_is_refused_with_a_message_that_says_what_to_fix() {
        TestTenant tenant = TestTenant.create(context, "input");
        ManagedUser taken = create(operator(), tenant, "taken", Role.TENANT_VIEWER);

        assertThatThrownBy(() -> newUser(tenant, taken.username().toUpperCase(), "Someone", "long enough password"))
                .hasMessage("The username " + taken.username().toUpperCase() + " is taken.");
        assertThatThrownBy(() -> newUser(tenant, "short-" + tenant.id(), "Someone", "elevenchars"))
                .hasMessage("The password needs at least 12 characters.");
        assertThatThrownBy(() -> newUser(tenant, "  ", "Someone", "long enough password"))
                .hasMessage("Enter a username.");
        assertThatThrownBy(() -> newUser(tenant, "blank-" + tenant.id(), " ", "long enough password"))
                .hasMessage("Enter a display name.");
        assertThat(managedUsers.list(operator(), tenant.id())).hasSize(1);
    }

    @Test
    void creating_a_user_stores_a_bcrypt_hash_and_announces_it() {
        TestTenant tenant = TestTenant.create(context, "create");
        try (RecordedEvents events = RecordedEvents.listen(context)) {
            ManagedUser created = create(operator(), tenant, "fresh", Role.TENANT_ADMIN);

            assertThat(events.of(UserCreated.class))
                    .containsExactly(new UserCreated(
                            operator().userId(), created.id(), tenant.id(), created.username(), Role.TENANT_ADMIN));
            assertThat(signedIn(created).getPassword()).startsWith("{bcrypt}");
        }
    }

    private void newUser(TestTenant tenant, String username, String displayName, String password) {
        managedUsers.create(operator(), tenant.id(), new NewUser(username, displayName, Role.TENANT_VIEWER, password));
    }

    private ManagedUser create(SignedInUser actor, TestTenant tenant, String name, Role role) {
        String username = name + "-" + tenant.id();
        return managedUsers.create(actor, tenant.id(), new NewUser(username, "Test " + name, role, PASSWORD));
    }

    private SignedInUser operator() {
        return (SignedInUser) userDetails.loadUserByUsername("operator");
    }

    private SignedInUser signedIn(ManagedUser user) {
        return (SignedInUser) userDetails.loadUserByUsername(user.username());
    }
}
