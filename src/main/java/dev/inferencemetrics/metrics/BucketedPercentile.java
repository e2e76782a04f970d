package dev.inferencemetrics.metrics;

import java.util.Optional;

/**
 * A percentile read from a bucketed histogram: the bucket that holds the rank, and an estimate inside it by linear
 * interpolation (as Prometheus's histogram_quantile does). Only the bounds are certain, so the estimate is always
 * shown with them ("≈ 120 ms, between 100 and 150 ms"). In the open last bucket the estimate is its lower bound.
 */
public record BucketedPercentile(double estimate, double lower, double upper) {

    /**
     * The {@code q}-quantile (0–1) of observations counted per bucket; bucket {@code i} holds those above
     * {@code upperBounds[i-1]} (0 for the first) and at most {@code upperBounds[i]}. Empty without observations.
     */
    public static Optional<BucketedPercentile> of(double q, double[] upperBounds, long[] counts) {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        if (total == 0) {
            return Optional.empty();
        }
        double rank = q * total;
        long below = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0 && below + counts[i] >= rank) {
                double lower = i == 0 ? 0 : upperBounds[i - 1];
                double upper = upperBounds[i];
                double estimate = Double.isInfinite(upper)
                        ? lower
                        : lower + (upper - lower) * Math.max(0, rank - below) / counts[i];
                return Optional.of(new BucketedPercentile(estimate, lower, upper));
            }
            below += counts[i];
        }
        throw new IllegalStateException("the rank lies within the total");
    }

    public BucketedPercentile scaled(double factor) {
        return new BucketedPercentile(estimate * factor, lower * factor, upper * factor);
    }
}
