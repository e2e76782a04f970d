package dev.inferencemetrics.imports;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One request of a benchmark, latencies in milliseconds. ITL is either the gaps or their mean. {@code sentAt} is
 * when it was sent, for files with real timestamps.
 */
record BenchmarkRecord(
        boolean ok,
        @Nullable Double ttftMs,
        @Nullable Double e2eMs,
        @Nullable Double tpotMs,
        double @Nullable [] itlGapsMs,
        int inputTokens,
        int outputTokens,
        @Nullable Instant sentAt) {}
