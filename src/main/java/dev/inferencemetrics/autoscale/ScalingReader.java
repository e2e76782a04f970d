package dev.inferencemetrics.autoscale;

import dev.inferencemetrics.capacity.ReplicaSizing;
import dev.inferencemetrics.capacity.ServiceTime;
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
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The signals of many deployments over one window in three statements however many there are: their minute rollups
 * (merged per deployment as they stream in, with each minute's request count for the peak), their objectives, and the
 * waiting and running gauges together. Nothing is kept between calls, so every instance of a
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
        FleetKeys keys = FleetKeys.of(
                refs.stream().map(DeploymentRef::tenantId).toList(),
                refs.stream().map(DeploymentRef::id).toList());
        Map<Long, RequestRollup> merged = HashMap.newHashMap(refs.size());
        Map<Long, Long> busiestMinute = HashMap.newHashMap(refs.size());
        rollups.mergeFleetWindowInto(
                keys,
                Resolution.MINUTE,
                window.from(),
                window.to(),
                id -> merged.computeIfAbsent(id, any -> new RequestRollup(window.from())),
                (id, requests) -> busiestMinute.merge(id, requests, Long::max));
        Map<Long, List<SloObjective>> objectives = slos.objectives(refs);
        Map<String, Map<Long, Double>> gauges = this.gauges.meansByDeployment(
                keys,
                List.of(EngineGauges.WAITING, EngineGauges.RUNNING),
                Resolution.MINUTE,
                window.from(),
                window.to());
        Map<Long, Double> waiting = gauges.getOrDefault(EngineGauges.WAITING, Map.of());
        Map<Long, Double> running = gauges.getOrDefault(EngineGauges.RUNNING, Map.of());
        RequestRollup none = new RequestRollup(window.from());
        return deployments.stream()
                .map(listed -> {
                    DeploymentRef deployment = listed.deployment();
                    long id = deployment.id();
                    RequestRollup rollup = merged.getOrDefault(id, none);
                    Sizing sizing = Sizing.of(
                            rollup,
                            busiestMinute.getOrDefault(id, 0L),
                            deployment.sloTtftP95Ms().doubleValue());
                    return new ScalingSignals(
                            deployment.slug(),
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
                            sizing.peakRequestsPerSecond(),
                            sizing.serviceTimeMs(),
                            sizing.targetMs(),
                            sizing.replicas());
                })
                .toList();
    }

    /**
     * What the replica recommendation rests on: the busiest whole minute's arrivals per second (null without
     * requests), the window's measured mean service time (null without ok requests) and the deployment's TTFT target;
     * the replicas {@link ReplicaSizing} gives them, null without a service time or when the target is not above it.
     */
    record Sizing(
            @Nullable Double peakRequestsPerSecond,
            @Nullable Double serviceTimeMs,
            double targetMs,
            @Nullable Integer replicas) {

        static Sizing of(RequestRollup window, long busiestMinuteRequests, double targetMs) {
            ServiceTime service = ServiceTime.measured(window);
            double peak = busiestMinuteRequests / (double) Resolution.MINUTE.seconds();
            OptionalInt replicas = ReplicaSizing.recommended(peak, targetMs, service);
            return new Sizing(
                    window.requests() == 0 ? null : peak,
                    service == null ? null : service.meanMs(),
                    targetMs,
                    replicas.isPresent() ? replicas.getAsInt() : null);
        }
    }

    private static @Nullable Double p99(LatencySketch sketch) {
        return value(sketch.quantile(0.99));
    }

    private static @Nullable Double ttftBurnRate(List<SloObjective> objectives, RequestRollup rollup) {
        for (SloObjective objective : objectives) {
            if (objective.kind() == SloKind.TTFT) {
                return objective.enabled() ? value(objective.burnRate(rollup)) : null;
            }
        }
        return null;
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
