package dev.inferencemetrics.rollup;

import java.time.Instant;
import java.util.Arrays;

/**
 * An engine latency histogram of one bucket: how many observations fell above the previous bound and at most each
 * upper bound (seconds; the last may be infinite). Bucketed, so every figure read from it is approximate.
 */
public record EngineLatencyRollup(String metric, Instant bucket, double[] upperBounds, long[] counts) {

    public EngineLatencyRollup {
        if (upperBounds.length != counts.length || counts.length == 0) {
            throw new IllegalArgumentException("one count per bound, at least one bucket");
        }
        upperBounds = upperBounds.clone();
        counts = counts.clone();
    }

    @Override
    public double[] upperBounds() {
        return upperBounds.clone();
    }

    @Override
    public long[] counts() {
        return counts.clone();
    }

    public long total() {
        return Arrays.stream(counts).sum();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EngineLatencyRollup that
                && metric.equals(that.metric)
                && bucket.equals(that.bucket)
                && Arrays.equals(upperBounds, that.upperBounds)
                && Arrays.equals(counts, that.counts);
    }

    @Override
    public int hashCode() {
        return (metric.hashCode() * 31 + bucket.hashCode()) * 31 + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return metric + "@" + bucket + Arrays.toString(upperBounds) + Arrays.toString(counts);
    }
}
