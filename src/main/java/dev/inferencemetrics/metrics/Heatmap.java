package dev.inferencemetrics.metrics;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A metric's distribution per interval, from the rollup sketches: {@code bounds} are the shared bucket edges (log
 * scale, lowest first, one more than each column's {@code counts}); each column counts the interval's observations
 * per bucket (requests, or token gaps for ITL) with its p50 and p99 beside them. No bounds when the window is empty.
 */
public record Heatmap(
        String deployment,
        String metric,
        HeatmapMetric.Unit unit,
        Instant from,
        Instant to,
        long stepSeconds,
        List<Double> bounds,
        long maxCount,
        List<Column> columns) {

    public record Column(
            Instant t,
            long count,
            @Nullable Double p50,
            @Nullable Double p99,
            List<Long> counts) {}

    @JsonIgnore
    public boolean isEmpty() {
        return bounds.isEmpty();
    }
}
