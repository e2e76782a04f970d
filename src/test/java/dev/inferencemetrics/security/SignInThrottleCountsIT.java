package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The throttle's counting rules against the real table, with a clock of the test's own. Every account and address
 * carries this test's own prefix, so other tests' failures (and earlier runs on a kept database) do not count.
 */
@IntegrationTest
class SignInThrottleCountsIT {

    private final MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    private final String run = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36) + "-";
    private SignInThrottle throttle;

    @Autowired
    JdbcClient jdbc;

    @BeforeEach
    void throttleWithTheTestsClock() {
        throttle = new SignInThrottle(
                new SignInThrottleProperties(5, 20, Duration.ofMinutes(15)),
                new SignInAttemptStore(jdbc),
                new SchedulerLease(jdbc, clock, "throttle-" + run),
                clock);
    }

    @Test
    void failures_counted_by_one_instance_refuse_sign_ins_on_another() {
        SignInThrottle other = new SignInThrottle(
                new SignInThrottleProperties(5, 20, Duration.ofMinutes(15)),
                new SignInAttemptStore(jdbc),
                new SchedulerLease(jdbc, clock, "throttle-" + run),
                clock);
        for (int attempt = 0; attempt < 5; attempt++) {
            (attempt % 2 == 0 ? throttle : other).failed(run + "acme-admin", run + "10.0.0.1");
        }

        assertThat(other.refusal(run + "acme-admin", run + "10.0.0.2")).contains(Duration.ofMinutes(15));
        assertThat(throttle.refusal(run + "acme-admin", run + "10.0.0.2")).contains(Duration.ofMinutes(15));
    }

    @Test
    void strangers_failures_lock_an_account_everywhere_except_at_an_address_it_signed_in_from() {
        throttle.succeeded(run + "operator", run + "192.0.2.10");
        for (int attempt = 0; attempt < 5; attempt++) {
            throttle.failed(run + "operator", run + "203.0.113." + attempt);
        }

        assertThat(throttle.refusal(run + "operator", run + "198.51.100.4")).contains(Duration.ofMinutes(15));
        assertThat(throttle.refusal(run + "operator", run + "192.0.2.10")).isEmpty();
        clock.advance(SignInThrottle.KNOWN_ADDRESS_KEPT);
        for (int attempt = 0; attempt < 5; attempt++) {
            throttle.failed(run + "operator", run + "203.0.113." + attempt);
        }
        assertThat(throttle.refusal(run + "operator", run + "192.0.2.10"))
                .as("an address not signed in from for the remembering period is a stranger's")
                .isPresent();
    }

    @Test
    void failures_older_than_the_window_are_deleted() {
        throttle.failed(run + "old", run + "10.0.0.1");
        clock.advance(Duration.ofMinutes(15));
        throttle.failed(run + "new", run + "10.0.0.1");

        throttle.forgetOldFailures();

        assertThat(jdbc.sql("select subject from sign_in_failure where subject like ?")
                        .param("%" + run + "%")
                        .query(String.class)
                        .list())
                .containsExactlyInAnyOrder("account:" + run + "new", "address:" + run + "10.0.0.1");
    }

    @Test
    void five_failures_to_one_account_refuse_it_until_the_first_of_them_is_fifteen_minutes_old() {
        for (int attempt = 0; attempt < 5; attempt++) {
            assertThat(throttle.refusal(run + "acme-admin", run + "10.0.0.1")).isEmpty();
            throttle.failed(run + "acme-admin", run + "10.0.0.1");
            clock.advance(Duration.ofMinutes(1));
        }

        assertThat(throttle.refusal(run + "acme-admin", run + "10.0.0.1")).contains(Duration.ofMinutes(10));
        assertThat(throttle.refusal(run + "acme-admin", run + "10.0.0.2")).contains(Duration.ofMinutes(10));
        clock.advance(Duration.ofMinutes(10));
        assertThat(throttle.refusal(run + "acme-admin", run + "10.0.0.1")).isEmpty();
    }

    @Test
    void the_account_count_ignores_case_and_surrounding_blanks() {
        String name = run + "acme-admin";
        String shouted = name.toUpperCase(Locale.ROOT);
        for (String typed : List.of(shouted, " " + name, name + " ", " " + shouted + " ", name)) {
            throttle.failed(typed, run + "10.0.0.1");
        }

        assertThat(throttle.refusal(run + "acme-admin", run + "10.0.0.9")).isPresent();
    }

    @Test
    void unknown_usernames_are_throttled_like_real_ones() {
        for (int attempt = 0; attempt < 5; attempt++) {
            throttle.failed(run + "nobody-of-that-name", run + "10.0.0.1");
        }

        assertThat(throttle.refusal(run + "nobody-of-that-name", run + "10.0.0.1"))
                .contains(Duration.ofMinutes(15));
    }

    @Test
    void twenty_failures_from_one_address_refuse_every_account_from_there_but_not_elsewhere() {
        for (int attempt = 0; attempt < 20; attempt++) {
            throttle.failed(run + "guess-" + attempt, run + "203.0.113.7");
        }

        assertThat(throttle.refusal(run + "operator", run + "203.0.113.7")).contains(Duration.ofMinutes(15));
        assertThat(throttle.refusal(run + "operator", run + "198.51.100.4")).isEmpty();
    }

    @Test
    void twenty_failures_at_random_usernames_do_not_lock_an_account_out_of_an_address_it_signed_in_from() {
        throttle.succeeded(run + "operator", run + "203.0.113.7");
        for (int attempt = 0; attempt < 20; attempt++) {
            throttle.failed(run + "guess-" + attempt, run + "203.0.113.7");
        }

        assertThat(throttle.refusal(run + "operator", run + "203.0.113.7")).isEmpty();
        assertThat(throttle.refusal(run + "tenant-admin", run + "203.0.113.7"))
                .as("an account never signed in from there")
                .contains(Duration.ofMinutes(15));
    }

    @Test
    void at_an_address_it_signed_in_from_an_account_is_still_locked_by_its_own_failures_there() {
        throttle.succeeded(run + "operator", run + "192.0.2.10");
        for (int attempt = 0; attempt < 5; attempt++) {
            throttle.failed(run + "operator", run + "192.0.2.10");
        }

        assertThat(throttle.refusal(run + "operator", run + "192.0.2.10")).contains(Duration.ofMinutes(15));
        assertThat(throttle.refusal(run + "operator", run + "198.51.100.4")).contains(Duration.ofMinutes(15));
        throttle.unlock(run + "operator");
        assertThat(throttle.refusal(run + "operator", run + "192.0.2.10")).isEmpty();
    }

    @Test
    void a_successful_sign_in_clears_the_account_count_but_not_the_address_count() {
        for (int attempt = 0; attempt < 4; attempt++) {
            throttle.failed(run + "acme-viewer", run + "10.0.0.1");
        }
        throttle.succeeded(run + "acme-viewer", run + "10.0.0.9");
        for (int attempt = 0; attempt < 4; attempt++) {
            throttle.failed(run + "acme-viewer", run + "10.0.0.1");
        }

        assertThat(throttle.refusal(run + "acme-viewer", run + "10.0.0.1")).isEmpty();
        for (int attempt = 0; attempt < 12; attempt++) {
            throttle.failed(run + "someone-else", run + "10.0.0.1");
        }
        assertThat(throttle.refusal(run + "acme-viewer", run + "10.0.0.1")).isPresent();
    }
}
