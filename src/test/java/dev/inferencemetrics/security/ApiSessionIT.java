package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.ServerSessions;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.security.core.userdetails.UserDetailsService;

/** A session that ended in the UI ends on the API too: the same rules decide, on the very next call. */
@IntegrationTest
class ApiSessionIT {

    private static final String PASSWORD = "a long enough password";
    private static final String USAGE = "/api/v1/usage?format=csv";
    private static final String DEPLOYMENTS = "/api/v1/deployments";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    ManagedUsers managedUsers;

    @Autowired
    UserDetailsService userDetails;

    @Autowired
    Clock clock;

    @Test
    void a_disabled_admins_session_no_longer_exports_usage() {
        ManagedUser admin = member("disabled", Role.TENANT_ADMIN);
        BrowserSession browser = signedIn(admin);
        assertThat(browser.get(USAGE).statusCode()).isEqualTo(200);

        managedUsers.disable(operator(), admin.id());

        assertThat(browser.get(USAGE).statusCode()).isEqualTo(401);
        assertThat(browser.get(DEPLOYMENTS).statusCode()).isEqualTo(401);
    }

    @Test
    void a_demoted_admins_session_no_longer_exports_usage_nor_reads_metrics() {
        ManagedUser admin = member("demoted", Role.TENANT_ADMIN);
        BrowserSession browser = signedIn(admin);
        assertThat(browser.get(USAGE).statusCode()).isEqualTo(200);

        managedUsers.changeRole(operator(), admin.id(), Role.TENANT_VIEWER);

        assertThat(browser.get(USAGE).statusCode()).isEqualTo(401);
        assertThat(browser.get(DEPLOYMENTS).statusCode()).isEqualTo(401);
    }

    @Test
    void a_session_whose_password_was_set_anew_no_longer_reads_the_api() {
        ManagedUser viewer = member("re-passworded", Role.TENANT_VIEWER);
        BrowserSession browser = signedIn(viewer);
        assertThat(browser.get(DEPLOYMENTS).statusCode()).isEqualTo(200);

        managedUsers.setPassword(operator(), viewer.id(), "another long password");

        assertThat(browser.get(DEPLOYMENTS).statusCode()).isEqualTo(401);
    }

    @Test
    void a_session_idle_for_the_idle_timeout_no_longer_reads_the_api() {
        BrowserSession browser = signedIn(member("idle", Role.TENANT_VIEWER));
        Instant now = clock.instant();
        times(browser, new SessionTimes(now.minus(Duration.ofHours(1)), now.minus(Duration.ofMinutes(30)), now));

        assertThat(browser.get(DEPLOYMENTS).statusCode()).isEqualTo(401);
        assertThat(browser.isSignedIn()).isFalse();
    }

    @Test
    void a_session_open_for_the_absolute_timeout_no_longer_reads_the_api_however_busy() {
        BrowserSession browser = signedIn(member("absolute", Role.TENANT_VIEWER));
        Instant now = clock.instant();
        times(browser, new SessionTimes(now.minus(Duration.ofHours(12)), now.minusSeconds(5), now));

        assertThat(browser.get(DEPLOYMENTS).statusCode()).isEqualTo(401);
    }

    @Test
    void api_calls_count_as_activity_so_an_api_only_session_stays_open_while_used() {
        BrowserSession browser = signedIn(member("active", Role.TENANT_VIEWER));
        Instant earlier = clock.instant().minus(Duration.ofMinutes(10));
        times(browser, new SessionTimes(earlier, earlier, clock.instant()));

        assertThat(browser.get(DEPLOYMENTS).statusCode()).isEqualTo(200);

        assertThat(times(browser).lastActiveAt()).isAfter(earlier);
    }

    private ManagedUser member(String name, Role role) {
        TestTenant tenant = TestTenant.create(context, "api-session-" + name);
        return managedUsers.create(
                operator(), tenant.id(), new NewUser(name + "-" + tenant.id(), "Test " + name, role, PASSWORD));
    }

    private BrowserSession signedIn(ManagedUser user) {
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(user.username(), PASSWORD);
        assertThat(browser.isSignedIn()).as("%s signed in", user.username()).isTrue();
        return browser;
    }

    private SignedInUser operator() {
        return (SignedInUser) userDetails.loadUserByUsername("operator");
    }

    private SessionTimes times(BrowserSession browser) {
        return (SessionTimes) new ServerSessions(context)
                .require(Objects.requireNonNull(browser.sessionId()))
                .getAttribute(SessionTimes.ATTRIBUTE);
    }

    private void times(BrowserSession browser, SessionTimes times) {
        new ServerSessions(context)
                .require(Objects.requireNonNull(browser.sessionId()))
                .setAttribute(SessionTimes.ATTRIBUTE, times);
    }
}
