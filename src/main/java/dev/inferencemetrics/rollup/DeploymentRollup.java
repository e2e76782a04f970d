package dev.inferencemetrics.rollup;

/**
 * A rollup delta of one deployment at one resolution, so that the deltas of many deployments (a poll round of
 * scrapes) go into the rollups in one statement.
 */
public record DeploymentRollup<R>(long deploymentId, Resolution resolution, R rollup) {}
