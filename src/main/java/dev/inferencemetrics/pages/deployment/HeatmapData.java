package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.base.format.NumberRule;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the heatmap element draws, every text formatted here or by the rule sent with it: edges (one more than each
 * column's counts) with their labels, per column its time label, counts and p50/p99, and the rule its counts are
 * written by.
 */
record HeatmapData(
        String title,
        String noun,
        List<Double> edges,
        List<String> edgeLabels,
        long maxCount,
        List<Column> columns,
        NumberRule countFormat) {

    record Column(
            String label,
            List<Long> counts,
            @Nullable Double p50,
            @Nullable Double p99) {}
}
