package dev.inferencemetrics.metrics;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A deployment's window broken down by the values of one dimension, slowest TTFT p99 first (values without an ok
 * request last). {@code other} is the traffic of values past a day's cap of {@code valuesPerDay}; {@code total} is how
 * many values the window holds, of which {@code values} lists at most the limit asked for.
 */
public record Breakdown(
        String deployment,
        String dimension,
        Instant from,
        Instant to,
        int valuesPerDay,
        boolean otherCounted,
        double ttftSloMs,
        int total,
        List<Row> values) {

    /**
     * One value: its requests, the share that failed, TTFT p50/p99 and ITL p99 (ms, null without an ok request),
     * goodput % (good ÷ judged at ingest) and the share of ok requests within the deployment's TTFT objective.
     */
    public record Row(
            String value,
            boolean other,
            long requests,
            long errors,
            @Nullable Double errorRatePct,
            @Nullable Double ttftP50Ms,
            @Nullable Double ttftP99Ms,
            @Nullable Double itlP99Ms,
            @Nullable Double goodputPct,
            @Nullable Double ttftSloCompliancePct) {}
}
