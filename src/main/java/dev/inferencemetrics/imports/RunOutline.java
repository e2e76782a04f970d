package dev.inferencemetrics.imports;

import dev.inferencemetrics.base.UnusableValueException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a first pass over a benchmark file finds before anything is stored: how many requests it holds, how long the
 * run took if the file says (or its records' real times show), when it began if its records carry real times, and
 * notes for the import summary.
 */
record RunOutline(
        int records, @Nullable Duration duration, @Nullable Instant startedAt, List<String> notes) {

    RunOutline {
        notes = List.copyOf(notes);
    }

    /**
     * Reads every record once, holding none, and closes the stream.
     *
     * @throws UnusableValueException if the file holds no requests or more than {@code maxRecords}
     */
    static RunOutline of(RecordStream stream, int maxRecords) {
        try (RecordStream records = stream) {
            int count = 0;
            Instant first = null;
            Instant end = null;
            for (BenchmarkRecord record = records.next(); record != null; record = records.next()) {
                if (++count > maxRecords) {
                    throw new UnusableValueException("a file may hold at most " + maxRecords + " requests; split it");
                }
                Instant sent = record.sentAt();
                if (sent != null) {
                    Instant done = record.e2eMs() == null ? sent : sent.plusNanos(Math.round(record.e2eMs() * 1e6));
                    first = first == null || sent.isBefore(first) ? sent : first;
                    end = end == null || done.isAfter(end) ? done : end;
                }
            }
            if (count == 0) {
                throw new UnusableValueException("the file holds no requests");
            }
            return new RunOutline(
                    count,
                    first == null || end == null ? records.duration() : span(first, end),
                    first,
                    records.notes());
        }
    }

    /** From the first request sent to the last answered; a run of one instant counts as a millisecond. */
    private static Duration span(Instant first, Instant end) {
        Duration span = Duration.between(first, end);
        return span.isZero() ? Duration.ofMillis(1) : span;
    }
}
