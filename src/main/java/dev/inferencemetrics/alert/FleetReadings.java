package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.FleetDimensionRollupStore;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.slo.ConsumerBreach;
import dev.inferencemetrics.slo.CountedBuckets;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloReader;
import dev.inferencemetrics.slo.SloService;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Everything one evaluation compares deployments' rules with, read for the deployments given at once — the whole
 * fleet, or one deployment: a deployment read alone is read by the same statements, restricted to it. Their
 * objectives, rules, open alerts and silences, the rollups their windows cover and the consumers outside their
 * TTFT objectives, in eleven statements however many
 * deployments there are; the rollups span the longest window of the rules read. The scaling points of concurrency
 * rules are kept between reads and a few deployments' re-read each time ({@link ScalingPoints}). Must run inside a transaction that
 * declares every tenant.
 */
@Component
class FleetReadings {

    private final SloService slos;
    private final SloReader reader;
    private final RuleStore rules;
    private final AlertStore alerts;
    private final SilenceStore silences;
    private final KvRollupStore kvRollups;
    private final EngineGaugeRollupStore gauges;
    private final ScalingPoints scalingPoints;
    private final FleetDimensionRollupStore dimensionRollups;

    FleetReadings(
            SloService slos,
            SloReader reader,
            RuleStore rules,
            AlertStore alerts,
            SilenceStore silences,
            KvRollupStore kvRollups,
            EngineGaugeRollupStore gauges,
            ScalingPoints scalingPoints,
            FleetDimensionRollupStore dimensionRollups) {
        this.slos = slos;
        this.reader = reader;
        this.rules = rules;
        this.alerts = alerts;
        this.silences = silences;
        this.kvRollups = kvRollups;
        this.gauges = gauges;
        this.scalingPoints = scalingPoints;
        this.dimensionRollups = dimensionRollups;
    }

    Snapshot read(List<DeploymentRef> deployments, Instant now) {
        Instant end = now.plusSeconds(1);
        FleetKeys keys = FleetKeys.of(
                deployments.stream().map(DeploymentRef::tenantId).toList(),
                deployments.stream().map(DeploymentRef::id).toList());
        Map<Long, List<SloObjective>> enabled = slos.objectives(deployments).entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, entry -> entry.getValue().stream()
                        .filter(SloObjective::enabled)
                        .toList()));
        Map<Long, List<AlertRule>> stored = rules.of(keys);
        Collection<AlertRule> every =
                stored.values().stream().flatMap(List::stream).toList();
        Duration longestBurn = longest(every, RuleKind.BURN_RATE);
        Duration longestKv = longest(every, RuleKind.KV_MEAN);
        Duration longestConcurrency = longest(every, RuleKind.CONCURRENCY_MEAN);
        Set<Long> watchingConcurrency = every.stream()
                .filter(rule -> rule.enabled() && rule.kind() == RuleKind.CONCURRENCY_MEAN)
                .map(AlertRule::deploymentId)
                .collect(Collectors.toSet());
        return new Snapshot(
                enabled,
                stored,
                alerts.openOf(keys),
                silences.endingAfter(keys, now),
                reader.readFleet(deployments, enabled, Resolution.MINUTE, now.minus(AlertRule.MINUTE_GRAIN_UP_TO), end),
                longestBurn.compareTo(AlertRule.MINUTE_GRAIN_UP_TO) > 0
                        ? reader.readFleet(deployments, enabled, Resolution.HALF_HOUR, now.minus(longestBurn), end)
                        : Map.of(),
                longestKv.isZero() ? Map.of() : kvRollups.readFleet(keys, Resolution.MINUTE, now.minus(longestKv), end),
                gauges.readFleet(
                        keys, EngineGauges.WAITING, Resolution.MINUTE, now.minus(DefaultRules.WAITING_WINDOW), end),
                longestConcurrency.isZero()
                        ? Map.of()
                        : gauges.readFleet(
                                keys, EngineGauges.RUNNING, Resolution.MINUTE, now.minus(longestConcurrency), end),
                scalingPoints.of(
                        deployments.stream()
                                .filter(deployment -> watchingConcurrency.contains(deployment.id()))
                                .toList(),
                        now),
                consumersOutside(deployments, enabled, every, now, end),
                now);
    }

    /**
     * The consumers outside the TTFT objective over the consumer rules' window, of the deployments with such a rule on
     * and the TTFT objective enabled, in one statement: only consumers with at least a rule's clear level of requests
     * are read (the lowest clear level of the deployment's rules), so the quiet ones cost no sketch.
     */
    private Map<Long, List<ConsumerBreach>> consumersOutside(
            List<DeploymentRef> deployments,
            Map<Long, List<SloObjective>> enabled,
            Collection<AlertRule> every,
            Instant now,
            Instant end) {
        Map<Long, Long> leastRequests = every.stream()
                .filter(rule -> rule.enabled() && rule.kind() == RuleKind.CONSUMER_TTFT)
                .collect(Collectors.toMap(
                        AlertRule::deploymentId, rule -> Math.max(1, (long) Math.ceil(rule.clearBelow())), Math::min));
        Map<Long, SloObjective> ttft = new HashMap<>();
        enabled.forEach((id, objectives) -> objectives.stream()
                .filter(objective -> objective.kind() == SloKind.TTFT)
                .findFirst()
                .ifPresent(objective -> ttft.put(id, objective)));
        List<DeploymentRef> watched = deployments.stream()
                .filter(deployment -> leastRequests.containsKey(deployment.id()) && ttft.containsKey(deployment.id()))
                .toList();
        Map<Long, Map<String, RequestRollup>> busy = dimensionRollups.busyValuesOfFleet(
                FleetKeys.of(
                        watched.stream().map(DeploymentRef::tenantId).toList(),
                        watched.stream().map(DeploymentRef::id).toList()),
                watched.stream()
                        .map(deployment -> leastRequests.get(deployment.id()))
                        .toList(),
                Dimension.CONSUMER,
                Resolution.MINUTE,
                now.minus(AlertRule.CONSUMER_WINDOW),
                end);
        Map<Long, List<ConsumerBreach>> outside = new HashMap<>();
        busy.forEach((id, byConsumer) -> outside.put(
                id,
                ConsumerBreach.of(
                        Objects.requireNonNull(ttft.get(id), "a watched deployment"),
                        byConsumer,
                        Objects.requireNonNull(leastRequests.get(id), "a watched deployment"))));
        return outside;
    }

    /** The longest window of the enabled rules of this kind; zero without such rules. */
    static Duration longest(Collection<AlertRule> rules, RuleKind kind) {
        return rules.stream()
                .filter(rule -> rule.enabled() && rule.kind() == kind)
                .map(AlertRule::longWindow)
                .max(Duration::compareTo)
                .orElse(Duration.ZERO);
    }

    /** What {@link #read} found, by deployment id. */
    record Snapshot(
            Map<Long, List<SloObjective>> objectives,
            Map<Long, List<AlertRule>> rules,
            Map<Long, Map<Long, OpenAlert>> open,
            Map<Long, List<Silence>> silences,
            Map<Long, CountedBuckets> minutes,
            Map<Long, CountedBuckets> halfHours,
            Map<Long, List<KvRollup>> kv,
            Map<Long, List<EngineGaugeRollup>> waiting,
            Map<Long, List<EngineGaugeRollup>> running,
            Map<Long, ScalingPoint> scalingPoints,
            Map<Long, List<ConsumerBreach>> consumers,
            Instant now) {

        /**
         * The deployment's evaluation from these readings; empty when it still lacks some of its default rules, which
         * only a transaction of its own may add.
         */
        Optional<PlannedEvaluation> plan(DeploymentRef deployment) {
            if (!missing(deployment).isEmpty()) {
                return Optional.empty();
            }
            long id = deployment.id();
            List<SloObjective> enabled = objectives.getOrDefault(id, List.of());
            List<EngineGaugeRollup> waitingReadings = waiting.getOrDefault(id, List.of());
            List<AlertRule> deploymentRules = rules.getOrDefault(id, List.of());
            Map<SloKind, SloObjective> byKind = new EnumMap<>(SloKind.class);
            byKind.putAll(enabled.stream().collect(Collectors.toMap(SloObjective::kind, Function.identity())));
            RuleValues values = new RuleValues(
                    now,
                    byKind,
                    minutes.getOrDefault(id, CountedBuckets.none()),
                    halfHours.getOrDefault(id, CountedBuckets.none()),
                    kv.getOrDefault(id, List.of()),
                    waitingReadings,
                    running.getOrDefault(id, List.of()),
                    scalingPoints.getOrDefault(id, ScalingPoint.notYetRead(now)),
                    consumers.getOrDefault(id, List.of()));
            return Optional.of(new PlannedEvaluation(
                    deploymentRules, values, silences.getOrDefault(id, List.of()), open.getOrDefault(id, Map.of())));
        }

        /** The default rules the deployment should have and has not yet. */
        List<AlertRule> missing(DeploymentRef deployment) {
            long id = deployment.id();
            return DeploymentRules.missing(
                    deployment,
                    objectives.getOrDefault(id, List.of()),
                    !waiting.getOrDefault(id, List.of()).isEmpty(),
                    rules.getOrDefault(id, List.of()));
        }
    }

    /** One deployment's rules with the values, silences and open alerts they are evaluated against. */
    record PlannedEvaluation(
            List<AlertRule> rules, RuleValues values, List<Silence> silences, Map<Long, OpenAlert> open) {}
}
