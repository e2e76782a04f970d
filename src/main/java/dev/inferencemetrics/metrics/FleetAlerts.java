package dev.inferencemetrics.metrics;

import dev.inferencemetrics.tenancy.TenantScope;
import java.util.Set;

/** Which deployments have alerts firing now: the fleet overview lists them first. */
public interface FleetAlerts {

    Set<String> firingDeployments(TenantScope scope);
}
