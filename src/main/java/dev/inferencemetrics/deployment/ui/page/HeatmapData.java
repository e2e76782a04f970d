package dev.inferencemetrics.deployment.ui.page;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the heatmap element draws, every text formatted here: edges (one more than each column's counts) with their
 * labels, and per column its time label, counts and p50/p99.
 */
record HeatmapData(
        String title, String noun, List<Double> edges, List<String> edgeLabels, long maxCount, List<Column> columns) {

    record Column(
            String label,
            List<Long> counts,
            @Nullable Double p50,
            @Nullable Double p99) {}
}
