package dev.inferencemetrics.capacity;

import dev.inferencemetrics.deployment.DeploymentRef;
import java.util.Optional;

/**
 * Where a deployment's price per replica-hour comes from, for the monthly cost of a replica plan: a bean another
 * feature (GPU cost) declares. Without one, or without a price for the deployment, plans carry no cost.
 */
public interface ReplicaPrices {

    Optional<ReplicaPrice> hourly(DeploymentRef deployment);
}
