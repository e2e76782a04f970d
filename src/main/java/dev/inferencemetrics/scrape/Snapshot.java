package dev.inferencemetrics.scrape;

import java.util.List;
import java.util.stream.Stream;

/**
 * What one scrape says through the alias table, before it is compared with the previous scrape: gauge readings
 * ready to store, and cumulative values (counters, histogram buckets) that only mean something as increases.
 */
record Snapshot(List<GaugeReading> gauges, List<Cumulative> cumulatives, int seriesRead) {

    /**
     * The engine replicas the scrape read anything of: the target's own, or each of its engines (a replica label),
     * that have an engine series; GPU exporters' readings count no replica.
     */
    int engineReplicas() {
        return (int) Stream.concat(
                        gauges.stream()
                                .filter(gauge -> !gauge.metric().perGpu())
                                .map(GaugeReading::replica),
                        cumulatives.stream()
                                .filter(cumulative -> !cumulative.metric().perGpu())
                                .map(Cumulative::replica))
                .distinct()
                .count();
    }

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
