package dev.inferencemetrics.capacity;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One interval of the window: its mean requests in flight (null without data to tell), requests per second, and the
 * TTFT p50 and p99 of its ok requests with their ratio (null without ok requests).
 */
public record ConcurrencyPoint(
        Instant t,
        @Nullable Double concurrency,
        double requestsPerSecond,
        long requests,
        @Nullable Double ttftP50,
        @Nullable Double ttftP99) {

    /** p99 ÷ p50, the interval's tail ratio. */
    public @Nullable Double tail() {
        return ttftP50 == null || ttftP99 == null || ttftP50 <= 0 ? null : ttftP99 / ttftP50;
    }
}
