package dev.inferencemetrics.metrics;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the Metrics page shows for a deployment and window: the summary cards and the per-interval series. Latencies
 * are milliseconds; a percentile is null where the window or interval holds no ok request. Queue time (waiting
 * before scheduling) is there only for requests whose source reported it; its count is 0 otherwise. Goodput and
 * breaches by kind are {@link GoodputFigures}.
 */
public record DeploymentMetrics(
        String deployment,
        Instant from,
        Instant to,
        long stepSeconds,
        Summary summary,
        Series series,
        GoodputFigures goodput) {

    public record Summary(
            LatencySummary ttft,
            LatencySummary itl,
            LatencySummary e2e,
            KvSummary kvCache,
            long requests,
            long errors,
            long inputTokens,
            long outputTokens,
            SloCompliance slo,
            LatencySummary queue,
            ErrorsByStatus errorsByStatus) {}

    /**
     * How the window's not-ok requests ended. Requests rolled up before this split existed count in {@code errors}
     * only, so these may add up to less.
     */
    public record ErrorsByStatus(long error, long timeout, long cancelled) {

        /** The status most not-ok requests ended with ("timeout"); empty when none was split by status. */
        public Optional<String> top() {
            long most = Math.max(error, Math.max(timeout, cancelled));
            if (most == 0) {
                return Optional.empty();
            }
            return Optional.of(most == error ? "error" : most == timeout ? "timeout" : "cancelled");
        }
    }

    /**
     * The deployment's p95 SLO thresholds, its error-rate limit (percent of requests) and the share of the window's ok requests whose TTFT met its threshold,
     * and of token gaps that met the ITL threshold (null without data).
     */
    public record SloCompliance(
            double ttftP95Ms,
            double itlP95Ms,
            double errorRateLimitPct,
            @Nullable Double ttftWithin,
            @Nullable Double itlWithin) {}

    /** p50 and friends over the whole window; tail = p99 ÷ p50; maxP99 = the highest interval p99. */
    public record LatencySummary(
            long count,
            @Nullable Double p50,
            @Nullable Double p90,
            @Nullable Double p95,
            @Nullable Double p99,
            @Nullable Double tail,
            @Nullable Double maxP99) {}

    /** Time-weighted mean usage (%) over the window and the highest reading. */
    public record KvSummary(@Nullable Double mean, @Nullable Double peak) {}

    public record Series(
            List<LatencyPoint> ttft,
            List<LatencyPoint> itl,
            List<LatencyPoint> e2e,
            List<KvPoint> kvCache,
            List<ThroughputPoint> throughput,
            List<LatencyPoint> queue) {}

    public record LatencyPoint(
            Instant t,
            long count,
            @Nullable Double p50,
            @Nullable Double p90,
            @Nullable Double p95,
            @Nullable Double p99) {}

    public record KvPoint(
            Instant t,
            @Nullable Double avg,
            @Nullable Double max,
            @Nullable Double min) {}

    /**
     * Rates over the interval: requests, and input (prompt) and output (generated) tokens of every request that
     * reported them, apart; errorRate is the share of requests that did not end ok (null without requests).
     */
    public record ThroughputPoint(
            Instant t,
            double requestsPerSecond,
            double inputTokensPerSecond,
            double outputTokensPerSecond,
            @Nullable Double errorRate) {}
}
