package dev.inferencemetrics.imports;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A benchmark's requests in file order, how long the run took if the file says, when it began if its records carry
 * real timestamps, and notes for the import summary about how records were read.
 */
record BenchmarkRun(
        List<BenchmarkRecord> records,
        @Nullable Duration duration,
        @Nullable Instant startedAt,
        List<String> notes) {

    BenchmarkRun {
        records = List.copyOf(records);
        notes = List.copyOf(notes);
    }

    /** A run whose records carry no timestamps: they are spread over the run. */
    static BenchmarkRun spread(List<BenchmarkRecord> records, @Nullable Duration duration, List<String> notes) {
        return new BenchmarkRun(records, duration, null, notes);
    }

    /**
     * One request of a benchmark, latencies in milliseconds. ITL is either the gaps or their mean. {@code sentAfter}
     * is when it was sent, counted from the run's first request, for files with real timestamps.
     */
    record BenchmarkRecord(
            boolean ok,
            @Nullable Double ttftMs,
            @Nullable Double e2eMs,
            @Nullable Double tpotMs,
            double @Nullable [] itlGapsMs,
            int inputTokens,
            int outputTokens,
            @Nullable Duration sentAfter) {}
}
