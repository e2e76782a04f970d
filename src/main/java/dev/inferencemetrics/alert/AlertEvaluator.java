package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import java.time.Instant;
import java.util.ArrayList;
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
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Evaluates deployments' rules at one instant: reads (all deployments at once, {@link FleetReadings}), decides
 * ({@link Decision}, each rule's {@link Step}) and records ({@link AlertRecorder}). A deployment whose rules all stay
 * as they are is then done without a transaction, and each other one is written in a transaction of its own: a
 * deployment that fails is logged and skipped, never blocking the others or the next run. A deployment the joint read
 * cannot plan — it lacks some of its default rules, or the joint read failed — is read alone in its transaction, by
 * the same read restricted to it. Each deployment's alerts are changed by one transaction only, so writing several
 * deployments at once is safe. Only the instant given is evaluated — minutes the evaluator missed are not replayed —
 * so an outage never pages for windows long past.
 */
@Component
public class AlertEvaluator {

    private static final Logger log = LoggerFactory.getLogger(AlertEvaluator.class);

    /** Deployments evaluated at once: enough to overlap database round trips, few enough to leave the pool free. */
    static final int PARALLEL = 4;

    private final DeploymentService deployments;
    private final TenantService tenants;
    private final FleetReadings readings;
    private final DeploymentRules rules;
    private final AlertRecorder recorder;
    private final TenantTransactions transactions;

    AlertEvaluator(
            DeploymentService deployments,
            TenantService tenants,
            FleetReadings readings,
            DeploymentRules rules,
            AlertRecorder recorder,
            TenantTransactions transactions) {
        this.deployments = deployments;
        this.tenants = tenants;
        this.readings = readings;
        this.rules = rules;
        this.recorder = recorder;
        this.transactions = transactions;
    }

    /**
     * Evaluates every active deployment at {@code now}, a few at a time; a deployment whose turn comes after
     * {@code leaseHeld} says another instance has taken over is left to that instance.
     */
    public EvaluationRun evaluate(Instant now, BooleanSupplier leaseHeld) {
        return evaluate(TenantScope.allTenants(), now, leaseHeld);
    }

    /** {@link #evaluate(Instant, BooleanSupplier)} of the active deployments the scope covers only (one tenant's). */
    public EvaluationRun evaluate(TenantScope scope, Instant now, BooleanSupplier leaseHeld) {
        return evaluate(deployments.activeRefs(scope), now, leaseHeld);
    }

    /** {@link #evaluate(Instant, BooleanSupplier)} of these deployments only. */
    public EvaluationRun evaluate(List<DeploymentRef> evaluated, Instant now, BooleanSupplier leaseHeld) {
        Map<Long, String> tenantSlugs = tenants.visibleTo(TenantScope.allTenants(), true).stream()
                .collect(Collectors.toMap(TenantSummary::id, TenantSummary::slug));
        Optional<FleetReadings.Snapshot> together = readTogether(evaluated, now);
        Queue<Decision.ValueRefresh> refreshes = new ConcurrentLinkedQueue<>();
        Semaphore slots = new Semaphore(PARALLEL);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (DeploymentRef deployment : evaluated) {
                String tenant = tenantSlugs.getOrDefault(deployment.tenantId(), "");
                outcomes.add(pool.submit(() -> {
                    slots.acquire();
                    try {
                        return evaluate(deployment, tenant, together, refreshes, now, leaseHeld);
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

    /** Empty when the joint read fails: each deployment is then read on its own, so one bad row stops no other. */
    private Optional<FleetReadings.Snapshot> readTogether(List<DeploymentRef> evaluated, Instant now) {
        try {
            return Optional.of(transactions.call(TenantScope.allTenants(), () -> readings.read(evaluated, now)));
        } catch (RuntimeException e) {
            log.warn(
                    "Alert readings of {} deployments failed, reading them one by one: {}",
                    evaluated.size(),
                    e.toString());
            return Optional.empty();
        }
    }

    private Outcome evaluate(
            DeploymentRef deployment,
            String tenant,
            Optional<FleetReadings.Snapshot> together,
            Queue<Decision.ValueRefresh> refreshes,
            Instant now,
            BooleanSupplier leaseHeld) {
        Optional<List<Decision>> decided =
                together.flatMap(read -> read.plan(deployment)).map(planned -> Decision.of(planned, now));
        Optional<List<Decision.ValueRefresh>> onlyRefreshes = decided.flatMap(Decision::refreshesOnly);
        if (onlyRefreshes.isPresent()) {
            refreshes.addAll(onlyRefreshes.get());
            return Outcome.EVALUATED;
        }
        try {
            return transactions.call(TenantScope.allTenants(), () -> {
                if (!leaseHeld.getAsBoolean()) {
                    return Outcome.LEASE_LOST;
                }
                List<Decision> decisions = decided.orElseGet(() -> Decision.of(readAlone(deployment, now), now));
                recorder.record(deployment, tenant, decisions, now);
                return Outcome.EVALUATED;
            });
        } catch (RuntimeException e) {
            log.warn("Alert rules of deployment {} could not be evaluated: {}", deployment.slug(), e.toString());
            return Outcome.FAILED;
        }
    }

    /** The deployment read on its own (the joint read of it alone), its missing default rules added first. */
    private FleetReadings.PlannedEvaluation readAlone(DeploymentRef deployment, Instant now) {
        FleetReadings.Snapshot alone = readings.read(List.of(deployment), now);
        List<AlertRule> missing = alone.missing(deployment);
        if (!missing.isEmpty()) {
            rules.add(missing);
            alone = readings.read(List.of(deployment), now);
        }
        return alone.plan(deployment)
                .orElseThrow(
                        () -> new IllegalStateException("the default rules of " + deployment.slug() + " are missing"));
    }

    /**
     * The new values of alerts that stay as they are, every deployment's in one statement: counted once, as the
     * deployments they belong to are counted already.
     */
    private Outcome refresh(List<Decision.ValueRefresh> refreshes, BooleanSupplier leaseHeld) {
        if (refreshes.isEmpty()) {
            return Outcome.NOTHING;
        }
        try {
            return transactions.call(TenantScope.allTenants(), () -> {
                if (!leaseHeld.getAsBoolean()) {
                    return Outcome.LEASE_LOST;
                }
                recorder.refresh(refreshes);
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
}
