package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.RecordedEvents;
import dev.inferencemetrics.testing.ServerSessions;
import dev.inferencemetrics.testing.TestTenant;
import java.net.http.HttpResponse;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.security.web.WebAttributes;

@IntegrationTest
class SignInThrottleIT {

    private static final String PASSWORD = "correct horse battery";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    UserAccounts accounts;

    @Test
    void after_five_failures_the_right_password_is_refused_and_the_login_page_says_for_how_long() {
        String username = newUser();
        failFiveTimes(username);
        BrowserSession browser = new BrowserSession(port);

        HttpResponse<String> attempt = browser.signIn(username, PASSWORD);

        assertThat(attempt.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).endsWith("/login?error"));
        assertThat(browser.isSignedIn()).isFalse();
        Object failure = new ServerSessions(context)
                .require(Objects.requireNonNull(browser.sessionId()))
                .getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION);
        assertThat(SignInRefusal.messageFor(failure)).contains("Too many failed sign-ins — try again in 15 minutes.");
    }

    @Test
    void an_unknown_username_is_throttled_exactly_like_a_real_one() {
        String unknown = "nobody-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        try (RecordedEvents events = RecordedEvents.listen(context)) {
            failFiveTimes(unknown);
            new BrowserSession(port).signIn(unknown, PASSWORD);

            assertThat(events.of(SignInFailed.class))
                    .extracting(SignInFailed::reason)
                    .containsExactly(
                            SignInFailed.BAD_CREDENTIALS,
                            SignInFailed.BAD_CREDENTIALS,
                            SignInFailed.BAD_CREDENTIALS,
                            SignInFailed.BAD_CREDENTIALS,
                            SignInFailed.BAD_CREDENTIALS,
                            SignInFailed.THROTTLED);
            assertThat(events.of(SignInFailed.class))
                    .allSatisfy(failed -> assertThat(failed.address()).isIn("127.0.0.1", "0:0:0:0:0:0:0:1"));
        }
    }

    @Test
    void a_successful_sign_in_clears_the_accounts_failures() {
        String username = newUser();
        for (int attempt = 0; attempt < 4; attempt++) {
            new BrowserSession(port).signIn(username, "wrong password " + attempt);
        }
        try (RecordedEvents events = RecordedEvents.listen(context)) {
            assertThat(signsIn(username, PASSWORD)).isTrue();
            assertThat(events.of(SignInSucceeded.class))
                    .singleElement()
                    .satisfies(succeeded -> assertThat(succeeded.username()).isEqualTo(username));
        }
        for (int attempt = 0; attempt < 4; attempt++) {
            new BrowserSession(port).signIn(username, "wrong password " + attempt);
        }

        assertThat(signsIn(username, PASSWORD)).isTrue();
    }

    private boolean signsIn(String username, String password) {
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(username, password);
        return browser.isSignedIn();
    }

    private void failFiveTimes(String username) {
        for (int attempt = 0; attempt < 5; attempt++) {
            assertThat(signsIn(username, "wrong password " + attempt)).isFalse();
        }
    }

    private String newUser() {
        TestTenant tenant = TestTenant.create(context, "throttle");
        String username = "throttled-" + tenant.id();
        accounts.createIfAbsent(tenant.id(), username, "Throttled user", PASSWORD, Role.TENANT_VIEWER);
        return username;
    }
}
