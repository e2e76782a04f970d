package dev.inferencemetrics.alert;

import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.notify.DeliveryWorker;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * One turn of the alerting job: take (or renew) the evaluator's lease, evaluate every deployment's rules at the
 * current instant and hand the messages that are due to the delivery worker, which sends them apart from the
 * evaluation, while the lease is held. An instance without the lease does nothing this turn.
 */
public final class AlertTicker {

    public static final String LEASE = "alert-evaluator";

    /** Longer than a turn's interval plus its longest run, so a live holder keeps it; a dead one loses it soon. */
    static final Duration LEASE_DURATION = Duration.ofSeconds(150);

    private final SchedulerLease lease;
    private final AlertEvaluator evaluator;
    private final TenantScope evaluated;
    private final DeliveryWorker deliveries;
    private final Clock clock;

    /** Turns that evaluate every deployment. */
    public AlertTicker(SchedulerLease lease, AlertEvaluator evaluator, DeliveryWorker deliveries, Clock clock) {
        this(lease, evaluator, TenantScope.allTenants(), deliveries, clock);
    }

    /** Turns that evaluate the deployments of the {@code evaluated} scope only. */
    public AlertTicker(
            SchedulerLease lease,
            AlertEvaluator evaluator,
            TenantScope evaluated,
            DeliveryWorker deliveries,
            Clock clock) {
        this.lease = lease;
        this.evaluator = evaluator;
        this.evaluated = evaluated;
        this.deliveries = deliveries;
        this.clock = clock;
    }

    /** Runs one turn; empty when another instance holds the lease. */
    public Optional<EvaluationRun> tick() {
        if (!lease.tryAcquire(LEASE, LEASE_DURATION)) {
            return Optional.empty();
        }
        EvaluationRun run = evaluator.evaluate(evaluated, clock.instant(), () -> lease.holds(LEASE));
        if (!run.leaseLost()) {
            deliveries.dispatchDue(() -> lease.holds(LEASE));
        }
        return Optional.of(run);
    }
}
