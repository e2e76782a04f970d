package dev.inferencemetrics.metrics;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * Turns per-interval sketches into heatmap columns: a first walk over every sketch's bins finds the range of the
 * data, a second counts each bin into the shared log buckets. A bin is counted whole in the bucket its
 * representative value falls in; bins are 1.6 % wide, far narrower than a bucket, so the counts are exact to a bin.
 */
final class HeatmapBucketing {

    static final int BUCKETS = 24;

    private HeatmapBucketing() {}

    static Heatmap of(
            String deployment,
            HeatmapMetric metric,
            QueryWindow window,
            List<Instant> starts,
            List<LatencySketch> sketches) {
        Range range = new Range();
        sketches.forEach(sketch -> sketch.forEachBin(range::add));
        if (range.count == 0) {
            List<Heatmap.Column> columns = starts.stream()
                    .map(t -> new Heatmap.Column(t, 0, null, null, List.of()))
                    .toList();
            return heatmap(deployment, metric, window, List.of(), 0, columns);
        }
        double min = Double.isFinite(range.minPositive) ? range.minPositive : 1;
        LogBuckets buckets = LogBuckets.spanning(min, Math.max(range.max, min), BUCKETS);
        List<Heatmap.Column> columns = new ArrayList<>(sketches.size());
        long maxCount = 0;
        for (int i = 0; i < sketches.size(); i++) {
            LatencySketch sketch = sketches.get(i);
            long[] counts = new long[BUCKETS];
            sketch.forEachBin((value, count) -> counts[buckets.indexOf(value)] += count);
            List<Long> boxed = new ArrayList<>(BUCKETS);
            for (long count : counts) {
                boxed.add(count);
                maxCount = Math.max(maxCount, count);
            }
            columns.add(new Heatmap.Column(
                    starts.get(i), sketch.count(), boxed(sketch.quantile(0.5)), boxed(sketch.quantile(0.99)), boxed));
        }
        return heatmap(deployment, metric, window, buckets.edges(), maxCount, columns);
    }

    private static Heatmap heatmap(
            String deployment,
            HeatmapMetric metric,
            QueryWindow window,
            List<Double> bounds,
            long maxCount,
            List<Heatmap.Column> columns) {
        return new Heatmap(
                deployment,
                metric.code(),
                metric.unit(),
                window.from(),
                window.to(),
                window.step().getSeconds(),
                bounds,
                maxCount,
                columns);
    }

    private static @Nullable Double boxed(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }

    /** The smallest positive and the largest value seen, and how many observations. */
    private static final class Range {
        double minPositive = Double.POSITIVE_INFINITY;
        double max = 0;
        long count;

        void add(double value, long observations) {
            count += observations;
            if (value > 0) {
                minPositive = Math.min(minPositive, value);
            }
            max = Math.max(max, value);
        }
    }
}
