package dev.inferencemetrics.metrics;

import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.rollup.RequestRollup;
import java.time.Duration;
import java.time.Instant;

/**
 * A deployment's window merged into one rollup (counts, token sums and the merged latency sketches of its ok
 * requests) with its KV-cache summary; {@code from}/{@code to} are the window as snapped to whole steps.
 */
public record MergedWindow(String deployment, Instant from, Instant to, RequestRollup totals, KvSummary kvCache) {

    public Duration length() {
        return Duration.between(from, to);
    }
}
