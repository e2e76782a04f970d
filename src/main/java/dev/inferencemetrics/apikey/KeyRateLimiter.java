package dev.inferencemetrics.apikey;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A token bucket per API key: {@code burst} tokens, refilled at {@code rate} per second; a call takes one. */
final class KeyRateLimiter {

    private final double ratePerSecond;
    private final double burst;
    private final Clock clock;
    private final Map<Long, Bucket> buckets = new ConcurrentHashMap<>();

    KeyRateLimiter(double ratePerSecond, int burst, Clock clock) {
        this.ratePerSecond = ratePerSecond;
        this.burst = burst;
        this.clock = clock;
    }

    /** Empty when the call may go ahead; otherwise how long until the key has a token again. */
    Optional<Duration> tryAcquire(long keyId) {
        long nowMicros = micros();
        return buckets.computeIfAbsent(keyId, id -> new Bucket(burst, nowMicros))
                .take(nowMicros);
    }

    private long micros() {
        var now = clock.instant();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }

    private final class Bucket {
        private double tokens;
        private long refilledAtMicros;

        Bucket(double tokens, long refilledAtMicros) {
            this.tokens = tokens;
            this.refilledAtMicros = refilledAtMicros;
        }

        synchronized Optional<Duration> take(long nowMicros) {
            if (nowMicros > refilledAtMicros) {
                tokens = Math.min(burst, tokens + (nowMicros - refilledAtMicros) * ratePerSecond / 1e6);
                refilledAtMicros = nowMicros;
            }
            if (tokens >= 1) {
                tokens -= 1;
                return Optional.empty();
            }
            return Optional.of(Duration.ofMillis((long) Math.ceil((1 - tokens) * 1_000 / ratePerSecond)));
        }
    }
}
