package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.notify.Notifications;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.slo.CountedBuckets;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloReader;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Evaluates every active deployment's rules at one instant. Everything the rules compare with is read for all
 * deployments at once ({@link FleetReadings}); a deployment whose rules all stay as they are is then done without a
 * transaction, and each other one is written in a transaction of its own: a deployment that fails is logged and
 * skipped, never blocking the others or the next run. Each deployment's alerts are changed by one transaction only,
 * so writing several deployments at once is safe. Only the instant given is evaluated — minutes the evaluator missed
 * are not replayed — so an outage never pages for windows long past.
 */
@Component
@EnableConfigurationProperties(AlertProperties.class)
public class AlertEvaluator {

    private static final Logger log = LoggerFactory.getLogger(AlertEvaluator.class);

    /** Deployments evaluated at once: enough to overlap database round trips, few enough to leave the pool free. */
    static final int PARALLEL = 4;

    private final DeploymentService deployments;
    private final TenantService tenants;
    private final SloService slos;
    private final SloReader reader;
    private final KvRollupStore kvRollups;
    private final EngineGaugeRollupStore gauges;
    private final DeploymentRules rules;
    private final AlertStore alerts;
    private final SilenceStore silences;
    private final Notifications notifications;
    private final TenantTransactions transactions;
    private final NoticeWriter writer;
    private final FleetReadings fleetReadings;

    AlertEvaluator(
            DeploymentService deployments,
            TenantService tenants,
            SloService slos,
            SloReader reader,
            KvRollupStore kvRollups,
            EngineGaugeRollupStore gauges,
            DeploymentRules rules,
            AlertStore alerts,
            SilenceStore silences,
            Notifications notifications,
            TenantTransactions transactions,
            FleetReadings fleetReadings,
            AlertProperties properties) {
        this.fleetReadings = fleetReadings;
        this.deployments = deployments;
        this.tenants = tenants;
        this.slos = slos;
        this.reader = reader;
        this.kvRollups = kvRollups;
        this.gauges = gauges;
        this.rules = rules;
        this.alerts = alerts;
        this.silences = silences;
        this.notifications = notifications;
        this.transactions = transactions;
        this.writer = new NoticeWriter(properties);
    }

    /**
     * Evaluates at {@code now}, a few deployments at a time; a deployment whose turn comes after {@code leaseHeld}
     * says another instance has taken over is left to that instance.
     */
    public EvaluationRun evaluate(Instant now, BooleanSupplier leaseHeld) {
        TenantScope all = TenantScope.allTenants();
        Map<Long, String> tenantSlugs =
                tenants.visibleTo(all, true).stream().collect(Collectors.toMap(TenantSummary::id, TenantSummary::slug));
        List<DeploymentRef> active = deployments.activeRefs(all);
        Optional<FleetReadings.Snapshot> readings = readAll(active, now);
        Queue<DeploymentEvaluation.ValueRefresh> refreshes = new ConcurrentLinkedQueue<>();
        Semaphore slots = new Semaphore(PARALLEL);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (DeploymentRef deployment : active) {
                outcomes.add(pool.submit(() -> {
                    slots.acquire();
                    try {
                        return evaluate(deployment, readings, refreshes, tenantSlugs, now, leaseHeld);
                    } finally {
                        slots.release();
                    }
                }));
            }
        }
        List<Outcome> done =
                new ArrayList<>(outcomes.stream().map(Future::resultNow).toList());
        done.add(refresh(List.copyOf(refreshes), leaseHeld));
        return new EvaluationRun(
                (int) done.stream()
                        .filter(outcome -> outcome == Outcome.EVALUATED)
                        .count(),
                (int) done.stream().filter(outcome -> outcome == Outcome.FAILED).count(),
                done.contains(Outcome.LEASE_LOST));
    }

    /** Empty when the fleet-wide read fails: each deployment is then read on its own, so one bad row stops no other. */
    private Optional<FleetReadings.Snapshot> readAll(List<DeploymentRef> active, Instant now) {
        try {
            return Optional.of(transactions.call(TenantScope.allTenants(), () -> fleetReadings.read(active, now)));
        } catch (RuntimeException e) {
            log.warn("Alert readings of the whole fleet failed, reading deployment by deployment: {}", e.toString());
            return Optional.empty();
        }
    }

    private Outcome evaluate(
            DeploymentRef deployment,
            Optional<FleetReadings.Snapshot> readings,
            Queue<DeploymentEvaluation.ValueRefresh> refreshes,
            Map<Long, String> tenantSlugs,
            Instant now,
            BooleanSupplier leaseHeld) {
        Optional<FleetReadings.PlannedEvaluation> plan = readings.flatMap(read -> read.plan(deployment));
        Optional<List<DeploymentEvaluation.ValueRefresh>> onlyRefreshes = plan.flatMap(
                planned -> DeploymentEvaluation.refreshesOnly(planned.rules(), planned.values(), planned.open(), now));
        if (onlyRefreshes.isPresent()) {
            refreshes.addAll(onlyRefreshes.get());
            return Outcome.EVALUATED;
        }
        String tenant = tenantSlugs.getOrDefault(deployment.tenantId(), "");
        try {
            return transactions.call(TenantScope.allTenants(), () -> {
                if (!leaseHeld.getAsBoolean()) {
                    return Outcome.LEASE_LOST;
                }
                plan.ifPresentOrElse(
                        planned -> new DeploymentEvaluation(deployment, tenant, now, alerts, notifications, writer)
                                .apply(planned.rules(), planned.values(), planned.silences(), planned.open()),
                        () -> evaluate(deployment, tenant, now));
                return Outcome.EVALUATED;
            });
        } catch (RuntimeException e) {
            log.warn("Alert rules of deployment {} could not be evaluated: {}", deployment.slug(), e.toString());
            return Outcome.FAILED;
        }
    }

    /**
     * The new values of alerts that stay as they are, every deployment's in one statement: counted once, as the
     * deployments they belong to are counted already.
     */
    private Outcome refresh(List<DeploymentEvaluation.ValueRefresh> refreshes, BooleanSupplier leaseHeld) {
        if (refreshes.isEmpty()) {
            return Outcome.NOTHING;
        }
        try {
            return transactions.call(TenantScope.allTenants(), () -> {
                if (!leaseHeld.getAsBoolean()) {
                    return Outcome.LEASE_LOST;
                }
                alerts.updateAll(refreshes);
                return Outcome.NOTHING;
            });
        } catch (RuntimeException e) {
            log.warn("Values of {} open alerts could not be refreshed: {}", refreshes.size(), e.toString());
            return Outcome.NOTHING;
        }
    }

    private enum Outcome {
        NOTHING,
        EVALUATED,
        FAILED,
        LEASE_LOST
    }

    private void evaluate(DeploymentRef deployment, String tenant, Instant now) {
        List<SloObjective> objectives = slos.objectives(deployment).stream()
                .filter(SloObjective::enabled)
                .toList();
        List<EngineGaugeRollup> waiting = gauges.read(
                deployment.tenantId(),
                deployment.id(),
                EngineGauges.WAITING,
                Resolution.MINUTE,
                // rules keep the window they were made with, so every waiting rule looks back this far
                now.minus(DefaultRules.WAITING_WINDOW),
                now.plusSeconds(1));
        List<AlertRule> deploymentRules = rules.of(deployment, objectives, !waiting.isEmpty());
        RuleValues values = values(deployment, objectives, deploymentRules, waiting, now);
        new DeploymentEvaluation(deployment, tenant, now, alerts, notifications, writer)
                .apply(
                        deploymentRules,
                        values,
                        silences.endingAfter(deployment.tenantId(), deployment.id(), now),
                        alerts.openOf(deployment.tenantId(), deployment.id()));
    }

    private RuleValues values(
            DeploymentRef deployment,
            List<SloObjective> objectives,
            List<AlertRule> deploymentRules,
            List<EngineGaugeRollup> waiting,
            Instant now) {
        Instant end = now.plusSeconds(1);
        Duration longestBurn = longest(deploymentRules, RuleKind.BURN_RATE);
        Duration longestKv = longest(deploymentRules, RuleKind.KV_MEAN);
        CountedBuckets minutes =
                reader.read(deployment, objectives, Resolution.MINUTE, now.minus(AlertRule.MINUTE_GRAIN_UP_TO), end);
        CountedBuckets halfHours = longestBurn.compareTo(AlertRule.MINUTE_GRAIN_UP_TO) > 0
                ? reader.read(deployment, objectives, Resolution.HALF_HOUR, now.minus(longestBurn), end)
                : CountedBuckets.none();
        List<KvRollup> kv = longestKv.isZero()
                ? List.of()
                : kvRollups.read(deployment.tenantId(), deployment.id(), Resolution.MINUTE, now.minus(longestKv), end);
        Map<SloKind, SloObjective> byKind = new EnumMap<>(SloKind.class);
        byKind.putAll(objectives.stream().collect(Collectors.toMap(SloObjective::kind, Function.identity())));
        return new RuleValues(now, byKind, minutes, halfHours, kv, waiting);
    }

    static Duration longest(Collection<AlertRule> deploymentRules, RuleKind kind) {
        return deploymentRules.stream()
                .filter(rule -> rule.enabled() && rule.kind() == kind)
                .map(AlertRule::longWindow)
                .max(Duration::compareTo)
                .orElse(Duration.ZERO);
    }
}
