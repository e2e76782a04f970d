package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.ReplicaMinutes;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.RollupSpan;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What scrapes saw of one deployment's replicas over the span read, per half hour, for costing parts of it. Only
 * minutes that have ended count ({@code span.to()} is at most the start of the current minute), so a minute in progress
 * is neither costed nor missing. A part asked for starts and ends on half hours (as cost periods, prices and billing
 * days do) or at the span's own ends.
 */
public final class ScrapedReplicas {

    /** Nothing read: no part of any window is costed from scrapes. */
    static final ScrapedReplicas NONE = new ScrapedReplicas(null, List.of());

    private final Instant from;
    private final Instant until;
    private final long[] halfHours;
    /** Sums up to (not including) each half hour: index i holds the sum of rows 0 … i − 1. */
    private final long[] minutesBefore;

    private final long[] replicaMinutesBefore;

    /** @param span the span read, or null when none; @param rows its rows, oldest first */
    ScrapedReplicas(@Nullable RollupSpan span, List<ReplicaMinutes> rows) {
        this.from = span == null ? Instant.EPOCH : span.from();
        this.until = span == null ? Instant.EPOCH : span.to();
        halfHours = new long[rows.size()];
        minutesBefore = new long[rows.size() + 1];
        replicaMinutesBefore = new long[rows.size() + 1];
        for (int i = 0; i < rows.size(); i++) {
            halfHours[i] = rows.get(i).halfHour().getEpochSecond();
            minutesBefore[i + 1] = minutesBefore[i] + rows.get(i).minutes();
            replicaMinutesBefore[i + 1] = replicaMinutesBefore[i] + rows.get(i).replicaMinutes();
        }
    }

    /** The span read, for the rows {@code rows} the store answered: from a window's start up to {@code until}. */
    static ScrapedReplicas of(Instant from, Instant until, List<ReplicaMinutes> rows) {
        return from.isBefore(until) ? new ScrapedReplicas(RollupSpan.of(from, until), rows) : NONE;
    }

    /** The last instant of the span read, the start of a minute not yet counted. */
    Instant until() {
        return until;
    }

    /** What scrapes saw in {@code [start, end)}, cut to the span read; the minutes it covers, at least. */
    ScrapedCoverage within(Instant start, Instant end) {
        Instant cutStart = start.isBefore(from) ? from : start;
        Instant cutEnd = end.isAfter(until) ? until : end;
        if (!cutStart.isBefore(cutEnd)) {
            return ScrapedCoverage.NONE;
        }
        requireReadable(cutStart, cutEnd);
        long minutes = (cutEnd.getEpochSecond() - cutStart.getEpochSecond()) / Resolution.MINUTE.seconds();
        int first = firstAtOrAfter(Resolution.HALF_HOUR.bucketOf(cutStart).getEpochSecond());
        int last = firstAtOrAfter(cutEnd.getEpochSecond());
        return new ScrapedCoverage(
                minutes,
                minutesBefore[last] - minutesBefore[first],
                replicaMinutesBefore[last] - replicaMinutesBefore[first]);
    }

    /** A half hour read is summed whole, so a part must not end or begin inside one except at the span's ends. */
    private void requireReadable(Instant start, Instant end) {
        boolean startOk =
                start.equals(from) || Resolution.HALF_HOUR.bucketOf(start).equals(start);
        boolean endOk = end.equals(until) || Resolution.HALF_HOUR.bucketOf(end).equals(end);
        if (!startOk || !endOk) {
            throw new IllegalArgumentException(
                    "a part of scraped replicas starts and ends on half hours or the span's ends: " + start + " – "
                            + end);
        }
    }

    private int firstAtOrAfter(long epochSecond) {
        int low = 0;
        int high = halfHours.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (halfHours[middle] < epochSecond) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
