package dev.inferencemetrics.autoscale;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ListedDeployment;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.FleetRequestRollupStore;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The signals of many deployments over one window in four statements however many there are: their minute rollups,
 * their objectives, and the waiting and running gauges. Nothing is kept between calls, so every instance of a
 * scaled-out application answers the same. Must run in a transaction that declared the deployments' tenants.
 */
@Component
class ScalingReader {

    private final FleetRequestRollupStore rollups;
    private final EngineGaugeRollupStore gauges;
    private final SloService slos;

    ScalingReader(FleetRequestRollupStore rollups, EngineGaugeRollupStore gauges, SloService slos) {
        this.rollups = rollups;
        this.gauges = gauges;
        this.slos = slos;
    }

    List<ScalingSignals> read(List<ListedDeployment> deployments, ScalingWindow window) {
        List<DeploymentRef> refs =
                deployments.stream().map(ListedDeployment::deployment).toList();
        Map<Long, RequestRollup> merged = new HashMap<>();
        rollups.forEachOfFleetSince(
                refs.stream().collect(Collectors.toMap(DeploymentRef::id, DeploymentRef::tenantId)),
                refs.stream().collect(Collectors.toMap(DeploymentRef::id, any -> window.from())),
                Resolution.MINUTE,
                window.to(),
                (id, row) -> merged.computeIfAbsent(id, any -> new RequestRollup(window.from()))
                        .merge(row));
        Map<Long, List<SloObjective>> objectives = slos.objectives(refs);
        FleetKeys keys = FleetKeys.of(
                refs.stream().map(DeploymentRef::tenantId).toList(),
                refs.stream().map(DeploymentRef::id).toList());
        Map<Long, Double> waiting = gauge(keys, EngineGauges.WAITING, window);
        Map<Long, Double> running = gauge(keys, EngineGauges.RUNNING, window);
        RequestRollup none = new RequestRollup(window.from());
        return deployments.stream()
                .map(listed -> {
                    long id = listed.deployment().id();
                    RequestRollup rollup = merged.getOrDefault(id, none);
                    return new ScalingSignals(
                            listed.deployment().slug(),
                            listed.tenantSlug(),
                            window.from(),
                            window.to(),
                            rollup.requests(),
                            p99(rollup.ttft()),
                            p99(rollup.itl()),
                            ttftBurnRate(objectives.getOrDefault(id, List.of()), rollup),
                            waiting.get(id),
                            running.get(id),
                            concurrency(rollup.e2e(), window),
                            null);
                })
                .toList();
    }

    private Map<Long, Double> gauge(FleetKeys keys, String metric, ScalingWindow window) {
        return gauges.meanByDeployment(keys, metric, Resolution.MINUTE, window.from(), window.to());
    }

    private static @Nullable Double p99(LatencySketch sketch) {
        return value(sketch.quantile(0.99));
    }

    private static @Nullable Double ttftBurnRate(List<SloObjective> objectives, RequestRollup rollup) {
        Map<SloKind, SloObjective> byKind =
                objectives.stream().collect(Collectors.toMap(SloObjective::kind, Function.identity()));
        SloObjective ttft = byKind.get(SloKind.TTFT);
        return ttft == null || !ttft.enabled() ? null : value(ttft.burnRate(rollup));
    }

    /**
     * Little's law, L = λW: arrivals per second times mean time in system is the time all requests spent in the
     * system divided by the window's length. The sum comes from the E2E sketch's bins, each within 1 % of its values.
     */
    static @Nullable Double concurrency(LatencySketch e2e, ScalingWindow window) {
        if (e2e.isEmpty()) {
            return null;
        }
        double[] millis = {0};
        e2e.forEachBin((value, count) -> millis[0] += value * count);
        return millis[0] / 1000 / window.seconds();
    }

    private static @Nullable Double value(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
