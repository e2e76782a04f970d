package dev.inferencemetrics.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.inferencemetrics.billing.Costs;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.ScrapedCoverage;
import dev.inferencemetrics.rollup.DimensionValue;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A page of {@code GET /api/v1/fleet}: {@code total} deployments match, these are those from {@code offset} on;
 * {@code nextOffset} asks for the next page (null on the last). Latencies in ms, rates per second, error rate and KV
 * mean as the Metrics API gives them: the error rate a share of requests (0–1), the KV mean a percentage. Input and
 * output tokens per second are apart (their sum is "input + output tokens/s"); the GPU means are percentages over
 * every GPU of the deployment's DCGM exporter targets, null without one. Goodput is counted per request at ingest, so
 * exact: good requests per second, goodput % (good ÷ judged requests) and token goodput % (output tokens of good
 * requests ÷ all output tokens), the shares null without judged requests. The GPU cost per million output tokens
 * and per million good output tokens are exact decimal strings by currency, for operators only (absent for anyone
 * else; empty without a GPU cost or tokens).
 */
public record FleetAnswer(
        Instant from,
        Instant to,
        int total,
        int offset,
        int limit,
        @Nullable Integer nextOffset,
        List<Entry> deployments,

        @Schema(description = "the consumer, adapter or priority the request figures are of; absent for all requests")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Nullable
        Filter filter) {

    /** The value of a dimension the figures are filtered to. */
    public record Filter(String dimension, String value) {}

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

            @Schema(description = "requests per second that ended ok and met every threshold of the goodput SLO")
            double goodRequestsPerSecond,

            @Schema(description = "good ÷ judged requests × 100; null without judged requests") @Nullable
            Double goodputPct,

            @Schema(
                    description = "output tokens of good requests ÷ all output tokens of the judged requests"
                            + " (failed and cancelled included) × 100; null without any")
            @Nullable
            Double tokenGoodputPct,

            @Schema(
                    description = "operators only: GPU cost of the hour (up to now) ÷ output tokens × 10⁶, to a"
                            + " millionth, by currency; empty without a GPU cost or output tokens")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Nullable
            Map<String, String> costPerMtokOutput,

            @Schema(
                    description = "operators only: GPU cost of the hour ÷ output tokens of good requests × 10⁶,"
                            + " by currency; empty without a GPU cost or good output tokens")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Nullable
            Map<String, String> costPerMtokGoodOutput,

            @Nullable Instant archivedAt,

            @Schema(
                    description = "operators only, where the GPU cost reads its replicas from scrapes: the hour's"
                            + " minutes costed so (those ended), those with an engine replica answering, and the"
                            + " replica-minutes; fewer minutes answered than costed: the cost covers only those")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Nullable
            ScrapedCoverage costScrapedReplicas) {}

    public record Latency(
            @Nullable Double p50,
            @Nullable Double p95,
            @Nullable Double p99) {}

    static FleetAnswer of(FleetPage page, int limit, @Nullable DimensionValue filter) {
        int next = page.offset() + page.rows().size();
        return new FleetAnswer(
                page.from(),
                page.to(),
                page.total(),
                page.offset(),
                limit,
                next < page.total() ? next : null,
                page.rows().stream().map(FleetAnswer::entry).toList(),
                filter == null ? null : new Filter(filter.dimension().code(), filter.value()));
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
                row.goodRequestsPerSecond(),
                row.goodputPct(),
                row.tokenGoodputPct(),
                exact(row.costPerMtokOutput()),
                exact(row.costPerMtokGoodOutput()),
                row.archivedAt(),
                row.costScraped());
    }

    private static @Nullable Map<String, String> exact(@Nullable Costs costs) {
        if (costs == null) {
            return null;
        }
        Map<String, String> amounts = new LinkedHashMap<>();
        costs.byCurrency().forEach((currency, amount) -> amounts.put(currency, MoneyFormat.exact(amount)));
        return amounts;
    }
}
