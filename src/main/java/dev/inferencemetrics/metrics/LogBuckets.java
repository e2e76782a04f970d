package dev.inferencemetrics.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Buckets of equal width on a log scale between two bounds, shared by every interval of a heatmap so that one row
 * means the same range everywhere. A value below the lowest bound (a zero, say) counts in the lowest bucket, one
 * above the highest in the highest.
 */
record LogBuckets(double lowest, double highest, int count) {

    LogBuckets {
        if (!(lowest > 0) || !(highest > lowest) || count < 1) {
            throw new IllegalArgumentException("buckets need 0 < lowest < highest and at least one bucket");
        }
    }

    /**
     * Buckets that hold every value from {@code min} to {@code max} with a margin, at least a factor of two wide so a
     * nearly constant metric still spreads over a few rows instead of filling one.
     */
    static LogBuckets spanning(double min, double max, int count) {
        double low = min * 0.98;
        double high = max * 1.02;
        if (high / low < 2) {
            double middle = Math.sqrt(low * high);
            low = middle / Math.sqrt(2);
            high = middle * Math.sqrt(2);
        }
        return new LogBuckets(low, high, count);
    }

    int indexOf(double value) {
        if (value <= lowest) {
            return 0;
        }
        int index = (int) Math.floor(Math.log(value / lowest) / Math.log(highest / lowest) * count);
        return Math.min(index, count - 1);
    }

    /** The {@code count + 1} edges, lowest first. */
    List<Double> edges() {
        List<Double> edges = new ArrayList<>(count + 1);
        for (int i = 0; i <= count; i++) {
            edges.add(lowest * Math.pow(highest / lowest, (double) i / count));
        }
        return edges;
    }
}
