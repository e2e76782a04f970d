package dev.inferencemetrics.capacity;

import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostPeriod;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.tenancy.TenantScope;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * A replica's price per hour from the deployment's GPU cost in effect now: GPUs per replica × price per GPU-hour, in
 * its currency. The replica count the GPU cost names plays no part: the plan decides how many replicas there are.
 * Operators only, as everywhere GPU costs are shown; anyone else gets no price.
 */
@Component
class GpuReplicaPrices implements ReplicaPrices {

    private final GpuCostService costs;
    private final Clock clock;

    GpuReplicaPrices(GpuCostService costs, Clock clock) {
        this.costs = costs;
        this.clock = clock;
    }

    @Override
    public Optional<ReplicaPrice> hourly(TenantScope viewer, DeploymentRef deployment) {
        if (!viewer.isOperator()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        @Nullable GpuCost inEffect = null;
        for (GpuCostPeriod period : costs.history(viewer, deployment.slug())) {
            if (!period.effectiveFrom().isAfter(now)) {
                inEffect = period.cost();
            }
        }
        return Optional.ofNullable(inEffect).map(GpuReplicaPrices::perReplica);
    }

    static ReplicaPrice perReplica(GpuCost cost) {
        return new ReplicaPrice(
                cost.pricePerGpuHour().multiply(BigDecimal.valueOf(cost.gpusPerReplica())), cost.currency());
    }
}
