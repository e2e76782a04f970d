package dev.inferencemetrics.metrics;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Engine gauges of a deployment per interval, as scraped from its engines' /metrics: requests running and waiting
 * (per replica), prefix-cache hit rate (%), and per GPU from NVIDIA's DCGM exporter utilisation, graphics engine
 * active and memory used (%) and power (W), each GPU of every target one reading. A metric no scrape reported in the
 * window is absent.
 */
public record EngineGauges(Map<String, List<GaugePoint>> series) {

    public static final String RUNNING = "running";
    public static final String WAITING = "waiting";
    public static final String PREFIX_HIT = "prefix_hit";
    /** Per GPU, from NVIDIA's DCGM exporter: utilisation %, graphics engine active %, memory used %, power W. */
    public static final String GPU_UTIL = "gpu_util";

    public static final String GPU_ACTIVE = "gpu_active";
    public static final String GPU_MEMORY = "gpu_memory";
    public static final String GPU_POWER = "gpu_power";

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
