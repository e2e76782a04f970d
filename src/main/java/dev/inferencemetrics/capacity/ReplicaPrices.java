package dev.inferencemetrics.capacity;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.Optional;

/**
 * Where a deployment's price per replica-hour comes from, for the monthly cost of a replica plan ({@link
 * GpuReplicaPrices}: the GPU cost billing keeps). Empty when no price is set, or when the viewer may not see it: GPU
 * costs are the operator's business.
 */
public interface ReplicaPrices {

    Optional<ReplicaPrice> hourly(TenantScope viewer, DeploymentRef deployment);
}
