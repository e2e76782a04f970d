package dev.inferencemetrics.metrics;

import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One deployment's last hour at a glance, for the fleet overview and {@code GET /api/v1/fleet}: request rate, the
 * share of requests not ok (null without requests), TTFT and ITL percentiles of the ok requests, the time-weighted KV
 * mean, the mean requests waiting per replica where engines are scraped, input and output tokens per second apart,
 * the mean GPU utilisation and memory use (%, every GPU of every DCGM exporter target weighing the same; null without
 * one), the SLO state and whether an alert fires.
 * {@code ttftTrend} (TTFT percentiles per 5 minutes) is filled for the rows of the page asked for, empty otherwise.
 * {@code archivedAt} is null while it is active.
 */
public record FleetRow(
        String slug,
        String displayName,
        String tenantSlug,
        String tenantName,
        String model,
        String engine,
        String region,
        double requestsPerSecond,
        @Nullable Double errorRate,
        @Nullable Double ttftP50,
        @Nullable Double ttftP95,
        @Nullable Double ttftP99,
        @Nullable Double itlP50,
        @Nullable Double itlP95,
        @Nullable Double itlP99,
        @Nullable Double kvMean,
        @Nullable Double waitingPerReplica,
        double inputTokensPerSecond,
        double outputTokensPerSecond,
        @Nullable Double gpuUtilisation,
        @Nullable Double gpuMemory,
        SloState sloState,
        boolean firing,
        List<LatencyPoint> ttftTrend,
        @Nullable Instant archivedAt) {

    /** This row with the TTFT trend given. */
    public FleetRow withTtftTrend(List<LatencyPoint> trend) {
        return new FleetRow(
                slug,
                displayName,
                tenantSlug,
                tenantName,
                model,
                engine,
                region,
                requestsPerSecond,
                errorRate,
                ttftP50,
                ttftP95,
                ttftP99,
                itlP50,
                itlP95,
                itlP99,
                kvMean,
                waitingPerReplica,
                inputTokensPerSecond,
                outputTokensPerSecond,
                gpuUtilisation,
                gpuMemory,
                sloState,
                firing,
                trend,
                archivedAt);
    }

    public FleetState state() {
        return FleetState.of(firing, sloState);
    }
}
