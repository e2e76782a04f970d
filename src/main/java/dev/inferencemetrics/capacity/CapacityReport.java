package dev.inferencemetrics.capacity;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A deployment's capacity over a window: each interval's concurrency against its TTFT tail, the knee they show,
 * the TTFT threshold the tail is held to, and what sizing starts from: the window's peak requests/s (null without
 * requests), the measured service time and the price per replica-hour, where known.
 */
public record CapacityReport(
        String deployment,
        Instant from,
        Instant to,
        long stepSeconds,
        ConcurrencySource source,
        List<ConcurrencyPoint> points,
        KneeFinding knee,
        double ttftSloMs,
        @Nullable Double peakRequestsPerSecond,
        @Nullable ServiceTime serviceTime,
        @Nullable ReplicaPrice price) {

    public CapacityReport {
        points = List.copyOf(points);
    }
}
