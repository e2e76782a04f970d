package dev.inferencemetrics.metrics;

import dev.inferencemetrics.billing.CostOfTokens;
import dev.inferencemetrics.billing.Costs;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.GpuCostService.TokenCounts;
import dev.inferencemetrics.billing.ScrapedCoverage;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ListedDeployment;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.FleetRequestRollupStore;
import dev.inferencemetrics.rollup.GoodputTally;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.RollupSpan;
import dev.inferencemetrics.rollup.sketch.Percentiles;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The last hour of many deployments at once: one statement each for the request rollups (goodput counts included),
 * the KV rollups, the waiting-request gauges, the GPU utilisation and memory gauges, the GPU costs (operators only)
 * and the firing alerts, whatever the number of deployments. A deployment's hour is read as its
 * whole half hours plus the ragged minutes around them ({@link RollupSpan}), so a read merges a few rows per
 * deployment instead of sixty; the TTFT trend, which needs every 5-minute interval, is read only for the rows a page
 * shows ({@link #withTrends}). Every figure is the one the Metrics page's query gives for the same window.
 */
@Component
class FleetReader {

    static final Duration WINDOW = Duration.ofHours(1);
    static final Duration TREND_STEP = Duration.ofMinutes(5);

    private final FleetRequestRollupStore requestRollups;
    private final KvRollupStore kvRollups;
    private final EngineGaugeRollupStore engineGauges;
    private final ObjectProvider<FleetAlerts> alerts;
    private final GpuCostService gpuCosts;

    FleetReader(
            FleetRequestRollupStore requestRollups,
            KvRollupStore kvRollups,
            EngineGaugeRollupStore engineGauges,
            ObjectProvider<FleetAlerts> alerts,
            GpuCostService gpuCosts) {
        this.requestRollups = requestRollups;
        this.kvRollups = kvRollups;
        this.engineGauges = engineGauges;
        this.alerts = alerts;
        this.gpuCosts = gpuCosts;
    }

    /** The window every fleet figure at {@code now} covers: the last hour, snapped outward to the trend's steps. */
    static QueryWindow window(Instant now) {
        return QueryWindow.of(now.minus(WINDOW), now, TREND_STEP);
    }

    /** A deployment and its row of the fleet. */
    record Figures(ListedDeployment deployment, FleetRow row) {}

    /**
     * Every deployment's figures and state, without the TTFT trend (an empty list): enough to filter and sort the
     * whole fleet. Must run in a transaction that has declared {@code scope}.
     */
    List<Figures> read(TenantScope scope, List<ListedDeployment> deployments, Instant now) {
        return read(scope, deployments, now, null);
    }

    /**
     * {@link #read(TenantScope, List, Instant)}, with the request figures of the requests with the {@code filter}'s
     * value only (from its rollups; null: all requests): rates, error rate, latencies, tokens, goodput and the SLO
     * state. The KV, waiting and GPU gauges and firing alerts stay the deployment's; the GPU cost per token, which
     * the deployment's GPUs spend on every consumer, is not shown for one value.
     */
    List<Figures> read(
            TenantScope scope, List<ListedDeployment> deployments, Instant now, @Nullable DimensionValue filter) {
        QueryWindow window = window(now);
        FleetKeys keys = keys(deployments);
        // merged per interval in PostgreSQL; the KV mean weighs each reading by the time it covers, as on the page
        Map<Long, List<KvRollup>> kv =
                kvRollups.readFleetPerInterval(keys, window.resolution(), window.from(), window.to(), window.step());
        Map<Long, RequestRollup> totals = new HashMap<>();
        Function<Long, RequestRollup> totalOf =
                id -> totals.computeIfAbsent(id, any -> new RequestRollup(window.from()));
        RollupSpan span = RollupSpan.of(window.from(), window.to());
        if (filter == null) {
            requestRollups.mergeFleetTotalsInto(keys, span, totalOf);
        } else {
            requestRollups.mergeFleetTotalsInto(keys, span, filter, totalOf);
        }
        // the mean over exactly the last hour, as the Metrics page's engine gauges read it
        Map<Long, Double> waiting =
                engineGauges.meanByDeployment(keys, EngineGauges.WAITING, Resolution.MINUTE, now.minus(WINDOW), now);
        Map<Long, Double> gpuUtil =
                engineGauges.meanByDeployment(keys, EngineGauges.GPU_UTIL, Resolution.MINUTE, now.minus(WINDOW), now);
        Map<Long, Double> gpuMemory =
                engineGauges.meanByDeployment(keys, EngineGauges.GPU_MEMORY, Resolution.MINUTE, now.minus(WINDOW), now);
        Set<String> firing = alerts.stream()
                .flatMap(source -> source.firingDeployments(scope).stream())
                .collect(Collectors.toSet());
        // operators only; the GPU cost of the hour up to now, against the hour's output tokens
        Map<Long, TokenCounts> tokens = new HashMap<>();
        totals.forEach((id, total) -> tokens.put(
                id, new TokenCounts(total.outputTokens(), total.goodput().goodOutputTokens())));
        Map<Long, CostOfTokens> costs = gpuCosts.fleet(scope, keys, tokens, window.from(), window.to(), now);
        RequestRollup none = new RequestRollup(window.from());
        return deployments.stream()
                .map(listed -> {
                    long id = listed.deployment().id();
                    return new Figures(
                            listed,
                            row(
                                    listed,
                                    totals.getOrDefault(id, none),
                                    IntervalRollups.kvSummary(window, kv.getOrDefault(id, List.of())),
                                    window,
                                    waiting.get(id),
                                    new Gpu(gpuUtil.get(id), gpuMemory.get(id)),
                                    scope.isOperator() && filter == null ? Cost.of(costs.get(id)) : Cost.NOT_SHOWN,
                                    firing.contains(listed.deployment().slug())));
                })
                .toList();
    }

    /**
     * These rows with their TTFT trend: one statement reading the minute TTFT sketches of these deployments only, merged
     * per 5-minute interval as the Metrics page merges them. Must run in a transaction that has declared the scope.
     */
    List<FleetRow> withTrends(List<Figures> figures, Instant now) {
        QueryWindow window = window(now);
        List<ListedDeployment> deployments =
                figures.stream().map(Figures::deployment).toList();
        Map<Long, IntervalRollups> intervals = new HashMap<>();
        for (ListedDeployment listed : deployments) {
            intervals.put(listed.deployment().id(), new IntervalRollups(window, List.of()));
        }
        requestRollups.mergeFleetTtftInto(
                keys(deployments),
                window.resolution(),
                window.from(),
                window.to(),
                (id, bucket) -> Objects.requireNonNull(intervals.get(id), "a deployment of the fleet")
                        .requestsAt(bucket));
        return figures.stream()
                .map(each -> each.row()
                        .withTtftTrend(Objects.requireNonNull(
                                        intervals.get(
                                                each.deployment().deployment().id()),
                                        "filled above")
                                .latencySeries(RequestRollup::ttft)))
                .toList();
    }

    private static FleetKeys keys(List<ListedDeployment> deployments) {
        return FleetKeys.of(
                deployments.stream().map(d -> d.deployment().tenantId()).toList(),
                deployments.stream().map(d -> d.deployment().id()).toList());
    }

    private static FleetRow row(
            ListedDeployment listed,
            RequestRollup totals,
            KvSummary kv,
            QueryWindow window,
            @Nullable Double waiting,
            Gpu gpu,
            Cost cost,
            boolean firing) {
        DeploymentRef deployment = listed.deployment();
        Optional<Percentiles> ttft = totals.ttft().percentiles();
        Optional<Percentiles> itl = totals.itl().percentiles();
        Double ttftP95 = value(ttft, Percentiles::p95);
        Double itlP95 = value(itl, Percentiles::p95);
        SloState slo = worst(
                worst(
                        SloState.of(ttftP95, deployment.sloTtftP95Ms().doubleValue()),
                        SloState.of(itlP95, deployment.sloItlP95Ms().doubleValue())),
                SloState.ofErrors(
                        totals.requests(),
                        totals.failedRequests(),
                        deployment.sloErrorRatePct().doubleValue()));
        long seconds = Duration.between(window.from(), window.to()).getSeconds();
        GoodputTally goodput = totals.goodput();
        return new FleetRow(
                deployment.slug(),
                deployment.displayName(),
                listed.tenantSlug(),
                listed.tenantName(),
                deployment.model(),
                deployment.engine(),
                deployment.region(),
                (double) totals.requests() / seconds,
                totals.requests() == 0 ? null : (double) totals.failedRequests() / totals.requests(),
                value(ttft, Percentiles::p50),
                ttftP95,
                value(ttft, Percentiles::p99),
                value(itl, Percentiles::p50),
                itlP95,
                value(itl, Percentiles::p99),
                kv.mean(),
                waiting,
                (double) totals.inputTokens() / seconds,
                (double) totals.outputTokens() / seconds,
                gpu.utilisation(),
                gpu.memory(),
                (double) goodput.good() / seconds,
                percent(goodput.good(), goodput.counted()),
                percent(goodput.goodOutputTokens(), goodput.countedOutputTokens()),
                cost.perMtokOutput(),
                cost.perMtokGoodOutput(),
                slo,
                firing,
                List.of(),
                deployment.inactiveSince(),
                cost.scraped());
    }

    /** A deployment's mean GPU readings over the hour; null without a DCGM exporter target. */
    private record Gpu(
            @Nullable Double utilisation, @Nullable Double memory) {}

    /**
     * A deployment's GPU cost per million tokens over the hour: null when not shown, empty when not known; with what
     * scrapes saw where the cost reads its replicas from them (else null).
     */
    private record Cost(
            @Nullable Costs perMtokOutput,
            @Nullable Costs perMtokGoodOutput,
            @Nullable ScrapedCoverage scraped) {

        static final Cost NOT_SHOWN = new Cost(null, null, null);

        static Cost of(@Nullable CostOfTokens cost) {
            return cost == null
                    ? new Cost(Costs.NONE, Costs.NONE, null)
                    : new Cost(
                            cost.costPerMtokOutput(),
                            cost.costPerMtokGoodOutput(),
                            cost.scraped().any() ? cost.scraped() : null);
        }
    }

    private static @Nullable Double percent(long part, long whole) {
        return whole == 0 ? null : 100.0 * part / whole;
    }

    private static @Nullable Double value(Optional<Percentiles> percentiles, Function<Percentiles, Double> which) {
        return percentiles.map(which).orElse(null);
    }

    /** Breached beats at risk beats met; no data only when neither metric has any. */
    static SloState worst(SloState a, SloState b) {
        if (a == SloState.NO_DATA) {
            return b;
        }
        if (b == SloState.NO_DATA) {
            return a;
        }
        return a.compareTo(b) >= 0 ? a : b;
    }
}
