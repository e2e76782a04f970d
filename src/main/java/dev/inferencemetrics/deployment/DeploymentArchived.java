package dev.inferencemetrics.deployment;

/** An operator archived a deployment: it is hidden by default and refuses samples; its history stays. */
public record DeploymentArchived(long actorUserId, long deploymentId, long tenantId, String slug) {}
