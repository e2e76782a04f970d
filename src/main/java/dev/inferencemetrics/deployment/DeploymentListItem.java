package dev.inferencemetrics.deployment;

/** One row of the deployments list: what a person needs to recognise a deployment. */
public record DeploymentListItem(
        String slug, String displayName, String tenantName, String model, String engine, String region) {}
