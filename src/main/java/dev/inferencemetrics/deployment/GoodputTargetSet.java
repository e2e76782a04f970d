package dev.inferencemetrics.deployment;

/**
 * An operator set, through the provisioning API, the share of a deployment's requests that must be good by its goodput
 * SLO: its goodput objective should hold that target, switched on. Published inside the transaction that set it.
 */
public record GoodputTargetSet(DeploymentRef deployment, double targetPct) {}
