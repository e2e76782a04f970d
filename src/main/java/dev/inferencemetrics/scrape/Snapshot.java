package dev.inferencemetrics.scrape;

import java.util.List;

/**
 * What one scrape says through the alias table, before it is compared with the previous scrape: gauge readings
 * ready to store, and cumulative values (counters, histogram buckets) that only mean something as increases.
 */
record Snapshot(List<GaugeReading> gauges, List<Cumulative> cumulatives, int seriesRead) {

    /** A gauge of one replica, in our unit (a ratio already in %). */
    record GaugeReading(EngineMetric metric, String replica, double value) {}

    /**
     * A counter, one side of a counter ratio, or one histogram bucket ({@code part} is its upper bound) of one
     * replica; {@code created} is the series' {@code _created} time, NaN when the engine writes none.
     */
    record Cumulative(EngineMetric metric, String replica, String part, double value, double created) {

        String key() {
            return metric.code() + '\t' + replica + '\t' + part;
        }
    }
}
