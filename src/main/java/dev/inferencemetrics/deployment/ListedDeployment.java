package dev.inferencemetrics.deployment;

/** A deployment with its tenant's slug and name, as fleet-wide lists show it. */
public record ListedDeployment(DeploymentRef deployment, String tenantSlug, String tenantName) {}
