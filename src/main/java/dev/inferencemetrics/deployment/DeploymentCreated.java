package dev.inferencemetrics.deployment;

/** An operator created a deployment with these settings. */
public record DeploymentCreated(
        long actorUserId, long deploymentId, long tenantId, String slug, DeploymentChanges settings) {}
