package dev.inferencemetrics.compare;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import org.jspecify.annotations.Nullable;

/** One latency metric of one side over its window (ms); the percentiles are null without observations. */
public record LatencyFigures(
        long count,
        @Nullable Double p50,
        @Nullable Double p95,
        @Nullable Double p99) {

    static LatencyFigures of(LatencySketch sketch) {
        return sketch.percentiles()
                .map(p -> new LatencyFigures(p.count(), p.p50(), p.p95(), p.p99()))
                .orElse(new LatencyFigures(0, null, null, null));
    }
}
