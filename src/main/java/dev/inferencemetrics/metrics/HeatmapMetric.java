package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.rollup.RequestSketch;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a heatmap can count per interval: each is a sketch stored in every request rollup (of ok requests). */
public enum HeatmapMetric {
    TTFT("ttft", "TTFT", Unit.MILLISECONDS, RequestSketch.TTFT),
    ITL("itl", "ITL", Unit.MILLISECONDS, RequestSketch.ITL),
    E2E("e2e", "E2E", Unit.MILLISECONDS, RequestSketch.E2E),
    INPUT_TOKENS("input", "Input tokens", Unit.TOKENS, RequestSketch.INPUT_TOKENS),
    OUTPUT_TOKENS("output", "Output tokens", Unit.TOKENS, RequestSketch.OUTPUT_TOKENS);

    /** How the metric's values are written. */
    public enum Unit {
        MILLISECONDS,
        TOKENS
    }

    private final String code;
    private final String label;
    private final Unit unit;
    private final RequestSketch sketch;

    HeatmapMetric(String code, String label, Unit unit, RequestSketch sketch) {
        this.code = code;
        this.label = label;
        this.unit = unit;
        this.sketch = sketch;
    }

    /** @throws UnusableValueException naming the accepted codes */
    public static HeatmapMetric of(String code) {
        String wanted = code.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(metric -> metric.code.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new UnusableValueException("metric must be one of "
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

    RequestSketch sketch() {
        return sketch;
    }
}
