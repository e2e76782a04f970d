package dev.inferencemetrics.ingest;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One raw request of a drill-down; latencies in ms, absent when the source did not report them (a failed request).
 * {@code itlMs} is the request's mean token gap (see {@link SampleOrder#ITL}).
 */
public record RequestRow(
        String requestId,
        Instant ts,
        String status,
        @Nullable Double ttftMs,
        @Nullable Double itlMs,
        @Nullable Double e2eMs,
        @Nullable Double queueMs,
        int inputTokens,
        int outputTokens) {}
