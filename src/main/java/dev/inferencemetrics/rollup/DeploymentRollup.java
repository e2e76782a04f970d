package dev.inferencemetrics.rollup;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * A rollup delta of one deployment at one resolution, so that the deltas of many deployments (a poll round of
 * scrapes) go into the rollups in one statement.
 */
public record DeploymentRollup<R>(long deploymentId, Resolution resolution, R rollup) {

    /** The deltas of one deployment at one resolution. */
    static <R> List<DeploymentRollup<R>> of(long deploymentId, Resolution resolution, Collection<R> deltas) {
        return deltas.stream()
                .map(delta -> new DeploymentRollup<>(deploymentId, resolution, delta))
                .toList();
    }

    /**
     * The deltas by deployment, metric, resolution and bucket: one order for every writer, so that two upserts of
     * overlapping rows take their row locks in the same order and never deadlock.
     */
    static <R> List<DeploymentRollup<R>> inLockOrder(
            Collection<DeploymentRollup<R>> deltas, Function<R, String> metric, Function<R, Instant> bucket) {
        return deltas.stream()
                .sorted(Comparator.<DeploymentRollup<R>>comparingLong(DeploymentRollup::deploymentId)
                        .thenComparing(row -> metric.apply(row.rollup()))
                        .thenComparing(DeploymentRollup::resolution)
                        .thenComparing(row -> bucket.apply(row.rollup())))
                .toList();
    }
}
