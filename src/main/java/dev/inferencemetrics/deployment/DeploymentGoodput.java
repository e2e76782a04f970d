package dev.inferencemetrics.deployment;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A deployment's goodput SLO and from when its counts use it: the rollups from {@code countedFrom} on were counted
 * with these thresholds (null: all of them); earlier ones with the thresholds in force when their requests came in.
 */
public record DeploymentGoodput(GoodputSlo slo, @Nullable Instant countedFrom, Instant changedAt) {}
