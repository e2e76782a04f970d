package dev.inferencemetrics.metrics;

import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What a heatmap can count per interval: each is a sketch stored in every request rollup (of ok requests). */
public enum HeatmapMetric {
    TTFT("ttft", "TTFT", Unit.MILLISECONDS, RequestRollup::ttft),
    ITL("itl", "ITL", Unit.MILLISECONDS, RequestRollup::itl),
    E2E("e2e", "E2E", Unit.MILLISECONDS, RequestRollup::e2e),
    INPUT_TOKENS("input", "Input tokens", Unit.TOKENS, RequestRollup::inputTokenSketch),
    OUTPUT_TOKENS("output", "Output tokens", Unit.TOKENS, RequestRollup::outputTokenSketch);

    /** How the metric's values are written. */
    public enum Unit {
        MILLISECONDS,
        TOKENS
    }

    private final String code;
    private final String label;
    private final Unit unit;
    private final Function<RequestRollup, LatencySketch> sketch;

    HeatmapMetric(String code, String label, Unit unit, Function<RequestRollup, LatencySketch> sketch) {
        this.code = code;
        this.label = label;
        this.unit = unit;
        this.sketch = sketch;
    }

    /** @throws IllegalArgumentException naming the accepted codes */
    public static HeatmapMetric of(String code) {
        String wanted = code.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(metric -> metric.code.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("metric must be one of "
                        + Arrays.stream(values()).map(HeatmapMetric::code).collect(Collectors.joining(", "))));
    }

    public String code() {
        return code;
    }

    public String label() {
        return label;
    }

    public Unit unit() {
        return unit;
    }

    LatencySketch sketchOf(RequestRollup rollup) {
        return sketch.apply(rollup);
    }
}
