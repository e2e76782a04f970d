package dev.inferencemetrics.metrics;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Engine gauges of a deployment per interval, as scraped from its engines' /metrics: requests running and waiting
 * (per replica), prefix-cache hit rate (%). A metric no scrape reported in the window is absent.
 */
public record EngineGauges(Map<String, List<GaugePoint>> series) {

    public static final String RUNNING = "running";
    public static final String WAITING = "waiting";
    public static final String PREFIX_HIT = "prefix_hit";

    public EngineGauges {
        series = Map.copyOf(series);
    }

    public boolean has(String metric) {
        return series.containsKey(metric);
    }

    public List<GaugePoint> of(String metric) {
        return series.getOrDefault(metric, List.of());
    }

    /** One interval: average, highest and lowest reading; all null when no reading fell in it. */
    public record GaugePoint(
            Instant t,
            @Nullable Double avg,
            @Nullable Double max,
            @Nullable Double min) {}
}
