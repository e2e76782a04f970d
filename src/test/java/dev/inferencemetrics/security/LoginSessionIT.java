package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.ServerSessions;
import dev.inferencemetrics.testing.SignInForm;
import jakarta.servlet.http.HttpSession;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

@IntegrationTest
class LoginSessionIT {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    @Test
    void signing_in_issues_a_new_session_id_and_the_old_one_stays_signed_out() {
        BrowserSession browser = new BrowserSession(port);
        String loginPage = browser.get("/login").body();
        String before = Objects.requireNonNull(browser.sessionId(), "the login page starts a session");

        HttpResponse<String> signIn = browser.postForm("/login", SignInForm.body("acme-viewer", "demo", loginPage));

        assertThat(signIn.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/"));
        assertThat(browser.sessionId()).isNotEqualTo(before);
        assertThat(browser.isSignedIn()).isTrue();
        assertThat(BrowserSession.presenting(port, before).isSignedIn()).isFalse();
    }

    @Test
    void signing_out_ends_the_session_so_its_cookie_no_longer_opens_a_page() {
        BrowserSession browser = signedIn("acme-viewer");
        String session = Objects.requireNonNull(browser.sessionId());
        String csrf = new ServerSessions(context).csrfFormValue(session);

        HttpResponse<String> signOut = browser.postForm("/logout", "_csrf=" + csrf);

        assertThat(signOut.statusCode()).isEqualTo(302);
        assertThat(new ServerSessions(context).exists(session)).isFalse();
        assertThat(BrowserSession.presenting(port, session).isSignedIn()).isFalse();
    }

    @Test
    void a_session_idle_for_the_idle_timeout_is_sent_to_the_login_page() {
        BrowserSession browser = signedIn("globex-viewer");
        Instant now = clock.instant();
        times(browser, new SessionTimes(now.minus(Duration.ofHours(1)), now.minus(Duration.ofMinutes(30)), now));

        HttpResponse<String> page = browser.get("/deployments");

        assertThat(page.statusCode()).isEqualTo(302);
        assertThat(page.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
        assertThat(browser.isSignedIn()).isFalse();
    }

    @Test
    void a_session_signed_in_for_the_absolute_timeout_ends_however_active() {
        BrowserSession browser = signedIn("globex-viewer");
        Instant now = clock.instant();
        times(browser, new SessionTimes(now.minus(Duration.ofHours(12)), now.minusSeconds(5), now));

        assertThat(browser.isSignedIn()).isFalse();
    }

    @Test
    void a_heartbeat_does_not_count_as_activity_but_a_page_request_does() {
        BrowserSession browser = signedIn("globex-viewer");
        Instant earlier = clock.instant().minus(Duration.ofMinutes(10));
        times(browser, new SessionTimes(earlier, earlier, clock.instant()));

        browser.postForm("/?v-r=heartbeat&v-uiId=0", "");
        assertThat(times(browser).lastActiveAt()).isEqualTo(earlier);

        browser.get("/deployments");
        assertThat(times(browser).lastActiveAt()).isAfter(earlier);
    }

    @Test
    void signing_in_stamps_the_session_and_lets_the_container_drop_it_after_the_idle_timeout() {
        BrowserSession browser = signedIn("acme-admin");

        HttpSession session = new ServerSessions(context).require(Objects.requireNonNull(browser.sessionId()));

        assertThat(session.getMaxInactiveInterval()).isEqualTo(30 * 60);
        assertThat(times(browser).signedInAt()).isBeforeOrEqualTo(clock.instant());
    }

    private BrowserSession signedIn(String username) {
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(username, "demo");
        assertThat(browser.isSignedIn()).as("%s signed in", username).isTrue();
        return browser;
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
