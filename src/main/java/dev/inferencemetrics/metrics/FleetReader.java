package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ListedDeployment;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.sketch.Percentiles;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The last hour of many deployments at once: one statement each for the request rollups, the KV rollups, the
 * waiting-request gauges and the firing alerts, whatever the number of deployments. Each deployment's rollups are
 * merged into the same {@link IntervalRollups} a Metrics page query builds, so every figure equals the page's.
 */
@Component
class FleetReader {

    static final Duration WINDOW = Duration.ofHours(1);
    static final Duration TREND_STEP = Duration.ofMinutes(5);

    private final RequestRollupStore requestRollups;
    private final KvRollupStore kvRollups;
    private final EngineGaugeRollupStore engineGauges;
    private final ObjectProvider<FleetAlerts> alerts;

    FleetReader(
            RequestRollupStore requestRollups,
            KvRollupStore kvRollups,
            EngineGaugeRollupStore engineGauges,
            ObjectProvider<FleetAlerts> alerts) {
        this.requestRollups = requestRollups;
        this.kvRollups = kvRollups;
        this.engineGauges = engineGauges;
        this.alerts = alerts;
    }

    /** The window every fleet figure at {@code now} covers: the last hour, snapped outward to the trend's steps. */
    static QueryWindow window(Instant now) {
        return QueryWindow.of(now.minus(WINDOW), now, TREND_STEP);
    }

    /** Must run in a transaction that has declared {@code scope}. */
    List<FleetRow> read(TenantScope scope, List<ListedDeployment> deployments, Instant now) {
        QueryWindow window = window(now);
        FleetKeys keys = FleetKeys.of(
                deployments.stream().map(d -> d.deployment().tenantId()).toList(),
                deployments.stream().map(d -> d.deployment().id()).toList());
        Map<Long, List<KvRollup>> kv = kvRollups.readFleet(keys, window.resolution(), window.from(), window.to());
        Map<Long, IntervalRollups> intervals = new HashMap<>();
        for (ListedDeployment listed : deployments) {
            long id = listed.deployment().id();
            intervals.put(id, new IntervalRollups(window, kv.getOrDefault(id, List.of())));
        }
        requestRollups.mergeFleetInto(keys, window.resolution(), window.from(), window.to(), (id, bucket) -> intervals
                .get(id)
                .requestsAt(bucket));
        // the mean over exactly the last hour, as the Metrics page's engine gauges read it
        Map<Long, Double> waiting =
                engineGauges.meanByDeployment(keys, EngineGauges.WAITING, Resolution.MINUTE, now.minus(WINDOW), now);
        Set<String> firing = alerts.stream()
                .flatMap(source -> source.firingDeployments(scope).stream())
                .collect(Collectors.toSet());
        return deployments.stream()
                .map(listed -> row(
                        listed,
                        intervals.get(listed.deployment().id()),
                        window,
                        waiting.get(listed.deployment().id()),
                        firing.contains(listed.deployment().slug())))
                .toList();
    }

    private static FleetRow row(
            ListedDeployment listed,
            IntervalRollups intervals,
            QueryWindow window,
            @Nullable Double waiting,
            boolean firing) {
        DeploymentRef deployment = listed.deployment();
        RequestRollup totals = intervals.totals();
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
        List<LatencyPoint> trend = intervals.latencySeries(RequestRollup::ttft);
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
                intervals.kvSummary().mean(),
                waiting,
                slo,
                firing,
                trend,
                deployment.inactiveSince());
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
