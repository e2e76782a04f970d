package dev.inferencemetrics.deployment;

/** An operator restored an archived deployment: it is listed and takes samples again. */
public record DeploymentRestored(long actorUserId, long deploymentId, long tenantId, String slug) {}
