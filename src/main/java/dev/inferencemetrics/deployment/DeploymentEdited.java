package dev.inferencemetrics.deployment;

/** An operator changed a deployment's name, model, engine, region or SLOs; {@code before} and {@code after} say how. */
public record DeploymentEdited(
        long actorUserId,
        long deploymentId,
        long tenantId,
        DeploymentChanges before,
        DeploymentChanges after,
        String slug) {}
