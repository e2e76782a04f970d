package dev.inferencemetrics.imports;

import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A benchmark's requests in file order, and how long the run took if the file says. */
record BenchmarkRun(List<BenchmarkRecord> records, @Nullable Duration duration) {

    /**
     * One request of a benchmark, latencies in milliseconds. ITL is either the gaps or their mean.
     */
    record BenchmarkRecord(
            boolean ok,
            @Nullable Double ttftMs,
            @Nullable Double e2eMs,
            @Nullable Double tpotMs,
            double @Nullable [] itlGapsMs,
            int inputTokens,
            int outputTokens) {}
}
