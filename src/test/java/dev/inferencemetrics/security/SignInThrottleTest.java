package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SignInThrottleTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T08:00:00Z"));
    private final SignInThrottle throttle =
            new SignInThrottle(new SignInThrottleProperties(5, 20, Duration.ofMinutes(15)), clock);

    @Test
    void five_failures_to_one_account_refuse_it_until_the_first_of_them_is_fifteen_minutes_old() {
        for (int attempt = 0; attempt < 5; attempt++) {
            assertThat(throttle.refusal("acme-admin", "10.0.0.1")).isEmpty();
            throttle.failed("acme-admin", "10.0.0.1");
            clock.advance(Duration.ofMinutes(1));
        }

        assertThat(throttle.refusal("acme-admin", "10.0.0.1")).contains(Duration.ofMinutes(10));
        assertThat(throttle.refusal("acme-admin", "10.0.0.2")).contains(Duration.ofMinutes(10));
        clock.advance(Duration.ofMinutes(10));
        assertThat(throttle.refusal("acme-admin", "10.0.0.1")).isEmpty();
    }

    @Test
    void the_account_count_ignores_case_and_surrounding_blanks() {
        for (String typed : new String[] {"Acme-Admin", " acme-admin", "ACME-ADMIN", "acme-admin ", "acme-admin"}) {
            throttle.failed(typed, "10.0.0.1");
        }

        assertThat(throttle.refusal("acme-admin", "10.0.0.9")).isPresent();
    }

    @Test
    void unknown_usernames_are_throttled_like_real_ones() {
        for (int attempt = 0; attempt < 5; attempt++) {
            throttle.failed("nobody-of-that-name", "10.0.0.1");
        }

        assertThat(throttle.refusal("nobody-of-that-name", "10.0.0.1")).contains(Duration.ofMinutes(15));
    }

    @Test
    void twenty_failures_from_one_address_refuse_every_account_from_there_but_not_elsewhere() {
        for (int attempt = 0; attempt < 20; attempt++) {
            throttle.failed("guess-" + attempt, "203.0.113.7");
        }

        assertThat(throttle.refusal("operator", "203.0.113.7")).contains(Duration.ofMinutes(15));
        assertThat(throttle.refusal("operator", "198.51.100.4")).isEmpty();
    }

    @Test
    void a_successful_sign_in_clears_the_account_count_but_not_the_address_count() {
        for (int attempt = 0; attempt < 4; attempt++) {
            throttle.failed("acme-viewer", "10.0.0.1");
        }
        throttle.succeeded("acme-viewer");
        for (int attempt = 0; attempt < 4; attempt++) {
            throttle.failed("acme-viewer", "10.0.0.1");
        }

        assertThat(throttle.refusal("acme-viewer", "10.0.0.1")).isEmpty();
        for (int attempt = 0; attempt < 12; attempt++) {
            throttle.failed("someone-else", "10.0.0.1");
        }
        assertThat(throttle.refusal("acme-viewer", "10.0.0.1")).isPresent();
    }

    @Test
    void the_login_page_says_how_many_minutes_are_left() {
        assertThat(SignInRefusal.messageFor(new SignInThrottledException(Duration.ofSeconds(601))))
                .contains("Too many failed sign-ins — try again in 11 minutes.");
        assertThat(SignInRefusal.messageFor(new SignInThrottledException(Duration.ofSeconds(20))))
                .contains("Too many failed sign-ins — try again in 1 minute.");
        assertThat(SignInRefusal.messageFor(null)).isEmpty();
    }
}
