package dev.inferencemetrics.scrape;

import java.util.Arrays;

/**
 * How many observations fell into each bucket of an engine latency histogram between two scrapes. Bucket {@code i}
 * holds observations above {@code upperBounds[i-1]} (0 for the first) and at most {@code upperBounds[i]}, in seconds;
 * the last bound may be infinite.
 */
record HistogramDelta(EngineMetric metric, double[] upperBounds, long[] counts) {

    HistogramDelta {
        if (upperBounds.length != counts.length || upperBounds.length == 0) {
            throw new IllegalArgumentException("one count per bucket bound, at least one bucket");
        }
        upperBounds = upperBounds.clone();
        counts = counts.clone();
    }

    long total() {
        return Arrays.stream(counts).sum();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HistogramDelta that
                && metric == that.metric
                && Arrays.equals(upperBounds, that.upperBounds)
                && Arrays.equals(counts, that.counts);
    }

    @Override
    public int hashCode() {
        return 31 * metric.hashCode() + Arrays.hashCode(upperBounds) * 17 + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return metric + Arrays.toString(upperBounds) + Arrays.toString(counts);
    }
}
