package dev.inferencemetrics.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.apikey.CreatedApiKey;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.ManagedUsers;
import dev.inferencemetrics.security.NewUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SignInForm;
import dev.inferencemetrics.testing.TestTenant;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.userdetails.UserDetailsService;

@IntegrationTest
class AuditLogIT {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    AuditLog log;

    @Autowired
    UserAccounts users;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    JdbcTemplate application;

    @Autowired
    Clock clock;

    @Test
    void a_sign_in_through_the_login_form_is_logged_with_its_tenant_and_address() throws Exception {
        TestTenant tenant = TestTenant.create(context, "audit-sign-in");
        String username = "audited-" + tenant.id();
        users.createIfAbsent(tenant.id(), username, "Audited", "a long password", Role.TENANT_VIEWER);

        assertThat(signIn(username, "a long password")).endsWith("/");

        assertThat(entries(AuditKind.SIGN_IN_SUCCEEDED, username))
                .singleElement()
                .satisfies(entry -> {
                    assertThat(entry.tenant()).isEqualTo(tenantSlug(tenant));
                    assertThat(entry.clientAddress()).isIn("127.0.0.1", "0:0:0:0:0:0:0:1");
                });
    }

    @Test
    void archiving_and_restoring_a_deployment_are_logged_under_its_slug() {
        TestTenant tenant = TestTenant.create(context, "audit-archive");
        String slug = tenant.deployment("retiring");
        DeploymentService deployments = context.getBean(DeploymentService.class);
        long id = deployments.require(TenantScope.allTenants(), slug).id();

        deployments.archive(TenantScope.allTenants(), 0, slug);
        deployments.restore(TenantScope.allTenants(), 0, slug);

        assertThat(entries(AuditKind.DEPLOYMENT_CHANGED, null))
                .extracting(AuditEntry::detail)
                .contains(
                        "Deployment " + slug + " (id " + id + ") archived",
                        "Deployment " + slug + " (id " + id + ") restored");
    }

    @Test
    void changes_to_a_user_are_logged_under_their_username() {
        TestTenant tenant = TestTenant.create(context, "audit-users");
        ManagedUsers managedUsers = context.getBean(ManagedUsers.class);
        SignedInUser operator =
                (SignedInUser) context.getBean(UserDetailsService.class).loadUserByUsername("operator");
        String username = "audited-member-" + tenant.id();
        long id = managedUsers
                .create(operator, tenant.id(), new NewUser(username, "Member", Role.TENANT_VIEWER, "a long password"))
                .id();

        managedUsers.changeRole(operator, id, Role.TENANT_ADMIN);
        managedUsers.disable(operator, id);
        managedUsers.enable(operator, id);
        managedUsers.setPassword(operator, id, "another long password");

        String user = "User " + username + " (id " + id + ")";
        assertThat(entries(AuditKind.USER_CREATED, null))
                .extracting(AuditEntry::detail)
                .contains(user + " created as TENANT_VIEWER");
        assertThat(entries(AuditKind.USER_ROLE_CHANGED, null))
                .extracting(AuditEntry::detail)
                .contains(user + ": TENANT_VIEWER → TENANT_ADMIN; their sessions were ended");
        assertThat(entries(AuditKind.USER_DISABLED, null))
                .extracting(AuditEntry::detail)
                .contains(user + " disabled; their sessions were ended");
        assertThat(entries(AuditKind.USER_ENABLED, null))
                .extracting(AuditEntry::detail)
                .contains(user + " enabled");
        assertThat(entries(AuditKind.USER_PASSWORD_SET, null))
                .extracting(AuditEntry::detail)
                .contains(user + " given a new password; their sessions were ended");
    }

    @Test
    void a_failed_sign_in_is_logged_under_the_name_that_was_tried() throws Exception {
        String nobody = "nobody-" + System.nanoTime();

        assertThat(signIn(nobody, "guess")).endsWith("/login?error");

        assertThat(entries(AuditKind.SIGN_IN_FAILED, nobody))
                .singleElement()
                .satisfies(entry -> assertThat(entry.tenant()).isNull());
    }

    @Test
    void creating_and_revoking_a_key_are_logged_for_the_keys_tenant() {
        TestTenant tenant = TestTenant.create(context, "audit-keys");
        CreatedApiKey key = tenant.createKey(EnumSet.of(ApiScope.INGEST), null);
        tenant.revoke(key);

        List<AuditEntry> created = entries(AuditKind.API_KEY_CREATED, null).stream()
                .filter(entry -> entry.detail().contains("(id " + key.info().id() + ")"))
                .toList();
        assertThat(created).singleElement().satisfies(entry -> {
            assertThat(entry.tenant()).isEqualTo(tenantSlug(tenant));
            assertThat(entry.detail()).contains(key.info().prefix()).contains("ingest");
        });
        assertThat(entries(AuditKind.API_KEY_REVOKED, null)).anySatisfy(entry -> assertThat(entry.detail())
                .isEqualTo("Key " + key.info().prefix() + "… \"" + key.info().name() + "\" (id "
                        + key.info().id() + ") revoked"));
    }

    @Test
    void an_operator_reading_a_tenants_metrics_through_the_api_is_logged_and_a_tenant_admin_is_not() {
        TestTenant tenant = TestTenant.create(context, "audit-api");
        String deployment = tenant.deployment("watched");
        String admin = "audit-api-admin-" + tenant.id();
        users.createIfAbsent(tenant.id(), admin, "Admin", "a long password", Role.TENANT_ADMIN);
        String metrics = "/api/v1/deployments/" + deployment + "/metrics";

        for (String[] account : new String[][] {{"operator", "demo"}, {admin, "a long password"}}) {
            BrowserSession session = new BrowserSession(port);
            session.signIn(account[0], account[1]);
            assertThat(session.get(metrics).statusCode()).isEqualTo(200);
        }

        List<AuditEntry> logged = entries(AuditKind.CROSS_TENANT_ACCESS, null).stream()
                .filter(entry -> entry.detail().equals("API: metrics of deployment " + deployment))
                .toList();
        assertThat(logged).singleElement().satisfies(entry -> {
            assertThat(entry.actor()).isEqualTo("operator");
            assertThat(entry.tenant()).isEqualTo(tenant.slug());
        });
    }

    @Test
    void only_operators_read_the_log() {
        TestTenant tenant = TestTenant.create(context, "audit-reader");

        assertThatThrownBy(() -> log.search(TenantScope.tenant(tenant.id()), query(null, null)))
                .isInstanceOf(AccessDeniedException.class);
    }

    @Test
    void the_application_may_add_entries_but_never_change_or_remove_them() {
        assertThatThrownBy(() -> tenantTransactions.run(
                        TenantScope.allTenants(), () -> application.update("delete from audit_event")))
                .rootCause()
                .hasMessageContaining("permission denied");
        assertThatThrownBy(() -> tenantTransactions.run(
                        TenantScope.allTenants(), () -> application.update("update audit_event set detail = ''")))
                .rootCause()
                .hasMessageContaining("permission denied");
    }

    private List<AuditEntry> entries(AuditKind kind, String actor) {
        return log.search(TenantScope.allTenants(), query(kind, actor));
    }

    private AuditQuery query(AuditKind kind, String actor) {
        return new AuditQuery(clock.instant().minus(Duration.ofHours(1)), kind, null, actor, AuditQuery.MAX_LIMIT);
    }

    private String tenantSlug(TestTenant tenant) {
        return tenantTransactions.call(
                TenantScope.allTenants(),
                () -> application.queryForObject("select slug from tenant where id = ?", String.class, tenant.id()));
    }

    private String signIn(String username, String password) throws Exception {
        HttpClient http = HttpClient.newBuilder()
                .cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        URI login = URI.create("http://localhost:" + port + "/login");
        String loginPage = http.send(HttpRequest.newBuilder(login).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        HttpResponse<Void> answer = http.send(
                HttpRequest.newBuilder(login)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(SignInForm.body(username, password, loginPage)))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
        return answer.headers().firstValue("Location").orElse("");
    }
}
