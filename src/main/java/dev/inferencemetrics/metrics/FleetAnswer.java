package dev.inferencemetrics.metrics;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A page of {@code GET /api/v1/fleet}: {@code total} deployments match, these are those from {@code offset} on;
 * {@code nextOffset} asks for the next page (null on the last). Latencies in ms, rates per second, error rate and KV
 * mean as the Metrics API gives them: the error rate a share of requests (0–1), the KV mean a percentage. Input and
 * output tokens per second are apart (their sum is "input + output tokens/s"); the GPU means are percentages over
 * every GPU of the deployment's DCGM exporter targets, null without one.
 */
public record FleetAnswer(
        Instant from,
        Instant to,
        int total,
        int offset,
        int limit,
        @Nullable Integer nextOffset,
        List<Entry> deployments) {

    public record Entry(
            String slug,
            String name,
            String tenant,
            String tenantName,
            String model,
            String engine,
            String region,
            String state,
            String sloState,
            boolean firing,
            double requestsPerSecond,
            @Nullable Double errorRate,
            Latency ttft,
            Latency itl,
            @Nullable Double kvCacheMean,
            @Nullable Double waitingPerReplica,
            double inputTokensPerSecond,
            double outputTokensPerSecond,
            @Nullable Double gpuUtilisationMean,
            @Nullable Double gpuMemoryMean,
            @Nullable Instant archivedAt) {}

    public record Latency(
            @Nullable Double p50,
            @Nullable Double p95,
            @Nullable Double p99) {}

    static FleetAnswer of(FleetPage page, int limit) {
        int next = page.offset() + page.rows().size();
        return new FleetAnswer(
                page.from(),
                page.to(),
                page.total(),
                page.offset(),
                limit,
                next < page.total() ? next : null,
                page.rows().stream().map(FleetAnswer::entry).toList());
    }

    private static Entry entry(FleetRow row) {
        return new Entry(
                row.slug(),
                row.displayName(),
                row.tenantSlug(),
                row.tenantName(),
                row.model(),
                row.engine(),
                row.region(),
                row.state().apiName(),
                FleetState.of(false, row.sloState()).apiName(),
                row.firing(),
                row.requestsPerSecond(),
                row.errorRate(),
                new Latency(row.ttftP50(), row.ttftP95(), row.ttftP99()),
                new Latency(row.itlP50(), row.itlP95(), row.itlP99()),
                row.kvMean(),
                row.waitingPerReplica(),
                row.inputTokensPerSecond(),
                row.outputTokensPerSecond(),
                row.gpuUtilisation(),
                row.gpuMemory(),
                row.archivedAt());
    }
}
