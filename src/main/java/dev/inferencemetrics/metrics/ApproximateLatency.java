package dev.inferencemetrics.metrics;

import java.util.Map;

/**
 * Latency from engine histograms, for a deployment with no per-request source in the window: per metric
 * ({@code ttft}, {@code itl}, {@code e2e}) the observations counted and bucketed p50/p90/p95/p99 in milliseconds.
 * Empty when the deployment has per-request data (exact figures win) or no engine histogram.
 */
public record ApproximateLatency(Map<String, Summary> metrics) {

    public ApproximateLatency {
        metrics = Map.copyOf(metrics);
    }

    public static ApproximateLatency none() {
        return new ApproximateLatency(Map.of());
    }

    public boolean isEmpty() {
        return metrics.isEmpty();
    }

    public record Summary(
            long count,
            BucketedPercentile p50,
            BucketedPercentile p90,
            BucketedPercentile p95,
            BucketedPercentile p99) {}
}
