package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SessionTimeoutsTest {

    private static final Instant SIGN_IN = Instant.parse("2026-11-22T08:00:00Z");

    private final SessionTimeouts timeouts = new SessionTimeouts(
            new SessionProperties(Duration.ofMinutes(30), Duration.ofHours(12), Duration.ofMinutes(1)));

    @Test
    void a_session_lasts_while_its_user_was_active_within_the_idle_timeout() {
        SessionTimes times = SessionTimes.signedIn(SIGN_IN).activeAt(SIGN_IN.plus(Duration.ofMinutes(20)));

        assertThat(timeouts.haveEnded(times, SIGN_IN.plus(Duration.ofMinutes(49))))
                .isFalse();
    }

    @Test
    void a_session_ends_once_its_user_has_been_idle_for_the_idle_timeout() {
        SessionTimes times = SessionTimes.signedIn(SIGN_IN).activeAt(SIGN_IN.plus(Duration.ofMinutes(20)));

        assertThat(timeouts.haveEnded(times, SIGN_IN.plus(Duration.ofMinutes(50))))
                .isTrue();
    }

    @Test
    void a_session_ends_at_the_absolute_timeout_however_active_its_user() {
        Instant twelveHoursOn = SIGN_IN.plus(Duration.ofHours(12));
        SessionTimes times = SessionTimes.signedIn(SIGN_IN).activeAt(twelveHoursOn.minusSeconds(1));

        assertThat(timeouts.haveEnded(times, twelveHoursOn.minusSeconds(1))).isFalse();
        assertThat(timeouts.haveEnded(times, twelveHoursOn)).isTrue();
    }

    @Test
    void the_account_is_read_again_a_recheck_interval_after_the_last_reading() {
        SessionTimes times = SessionTimes.signedIn(SIGN_IN).checkedAt(SIGN_IN.plus(Duration.ofMinutes(5)));

        assertThat(timeouts.recheckDue(times, SIGN_IN.plus(Duration.ofSeconds(359))))
                .isFalse();
        assertThat(timeouts.recheckDue(times, SIGN_IN.plus(Duration.ofMinutes(6))))
                .isTrue();
    }
}
