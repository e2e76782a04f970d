package dev.inferencemetrics.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class KeyRateLimiterTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
    private final KeyRateLimiter limiter = new KeyRateLimiter(10, 5, clock);

    @Test
    void a_key_may_spend_its_burst_at_once_and_then_waits_for_the_refill() {
        for (int call = 0; call < 5; call++) {
            assertThat(limiter.tryAcquire(1)).as("call %d", call).isEmpty();
        }
        assertThat(limiter.tryAcquire(1)).contains(Duration.ofMillis(100));
    }

    @Test
    void tokens_come_back_at_the_configured_rate_up_to_the_burst() {
        for (int call = 0; call < 5; call++) {
            limiter.tryAcquire(1);
        }
        clock.advance(Duration.ofMillis(250));
        assertThat(limiter.tryAcquire(1)).isEmpty();
        assertThat(limiter.tryAcquire(1)).isEmpty();
        assertThat(limiter.tryAcquire(1)).contains(Duration.ofMillis(50));

        clock.advance(Duration.ofHours(1));
        for (int call = 0; call < 5; call++) {
            assertThat(limiter.tryAcquire(1))
                    .as("call %d after a quiet hour", call)
                    .isEmpty();
        }
        assertThat(limiter.tryAcquire(1)).isPresent();
    }

    @Test
    void each_key_has_a_bucket_of_its_own() {
        for (int call = 0; call < 5; call++) {
            limiter.tryAcquire(1);
        }
        assertThat(limiter.tryAcquire(1)).isPresent();
        assertThat(limiter.tryAcquire(2)).isEmpty();
    }
}
