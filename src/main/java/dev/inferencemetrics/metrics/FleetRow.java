package dev.inferencemetrics.metrics;

import dev.inferencemetrics.billing.Costs;
import dev.inferencemetrics.billing.ScrapedCoverage;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One deployment's last hour at a glance, for the fleet overview and {@code GET /api/v1/fleet}: request rate, the
 * share of requests not ok (null without requests), TTFT and ITL percentiles of the ok requests, the time-weighted KV
 * mean, the mean requests waiting per replica where engines are scraped, input and output tokens per second apart,
 * the mean GPU utilisation and memory use (%, every GPU of every DCGM exporter target weighing the same; null without
 * one), goodput (good requests per second, goodput % = good ÷ judged requests, token goodput % = output tokens of
 * good requests ÷ all output tokens; the shares null without judged requests), the GPU cost per million output
 * tokens and per million good output tokens (null for anyone but an operator; empty without a GPU cost or tokens),
 * the SLO state and whether an alert fires.
 * {@code ttftTrend} (TTFT percentiles per 5 minutes) is filled for the rows of the page asked for, empty otherwise.
 * {@code archivedAt} is null while it is active. {@code costScraped} (operators only) says, where the GPU cost reads
 * its replicas from scrapes, how many of the hour's minutes had a replica answering; null otherwise.
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
        double goodRequestsPerSecond,
        @Nullable Double goodputPct,
        @Nullable Double tokenGoodputPct,
        @Nullable Costs costPerMtokOutput,
        @Nullable Costs costPerMtokGoodOutput,
        SloState sloState,
        boolean firing,
        List<LatencyPoint> ttftTrend,
        @Nullable Instant archivedAt,
        @Nullable ScrapedCoverage costScraped) {

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
                goodRequestsPerSecond,
                goodputPct,
                tokenGoodputPct,
                costPerMtokOutput,
                costPerMtokGoodOutput,
                sloState,
                firing,
                trend,
                archivedAt,
                costScraped);
    }

    public FleetState state() {
        return FleetState.of(firing, sloState);
    }

    /** The cost per million output tokens as one number where it is in one currency, to sort by; else null. */
    public @Nullable Double costPerMtokOutputAmount() {
        Costs cost = costPerMtokOutput;
        return cost == null || cost.byCurrency().size() != 1
                ? null
                : cost.byCurrency().values().iterator().next().doubleValue();
    }
}
