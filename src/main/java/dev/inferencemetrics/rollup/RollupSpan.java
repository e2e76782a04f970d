package dev.inferencemetrics.rollup;

import java.time.Instant;

/**
 * A window {@code [from, to)} of whole minutes split for reading its total: the whole half hours inside it
 * {@code [halfHoursFrom, halfHoursTo)} from the half-hour rollups, and the ragged minutes before and after them from the
 * minute rollups. Both levels hold the same requests (ingest adds each to both in one transaction), and merged
 * sketches are the sketches of the combined observations, so the total equals the sum of the window's minutes while
 * reading a half hour as one row instead of thirty. Without a whole half hour inside, it is all minutes. The minutes
 * after the whole half hours begin the half hour the window ends in: a window that ends now can read them as that
 * half hour's one rollup, unless a minute of it past the window's end holds requests (see
 * {@link FleetRequestRollupStore#mergeFleetTotalsInto}).
 */
public record RollupSpan(Instant from, Instant to, Instant halfHoursFrom, Instant halfHoursTo) {

    public RollupSpan {
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("from must be before to");
        }
        if (halfHoursFrom.isBefore(from) || halfHoursTo.isAfter(to) || halfHoursTo.isBefore(halfHoursFrom)) {
            throw new IllegalArgumentException("the half hours must lie within the window");
        }
    }

    /** @throws IllegalArgumentException unless {@code from < to}, both on whole minutes */
    public static RollupSpan of(Instant from, Instant to) {
        if (!Resolution.MINUTE.bucketOf(from).equals(from)
                || !Resolution.MINUTE.bucketOf(to).equals(to)) {
            throw new IllegalArgumentException("a span starts and ends on whole minutes");
        }
        Instant firstHalfHour = Resolution.HALF_HOUR.bucketOf(from);
        if (firstHalfHour.isBefore(from)) {
            firstHalfHour = firstHalfHour.plus(Resolution.HALF_HOUR.duration());
        }
        Instant lastHalfHour = Resolution.HALF_HOUR.bucketOf(to);
        if (!firstHalfHour.isBefore(lastHalfHour)) {
            return new RollupSpan(from, to, to, to);
        }
        return new RollupSpan(from, to, firstHalfHour, lastHalfHour);
    }

    /** Minute rollups read: before the half hours and after them. */
    public long minutes() {
        return (halfHoursFrom.getEpochSecond()
                        - from.getEpochSecond()
                        + to.getEpochSecond()
                        - halfHoursTo.getEpochSecond())
                / Resolution.MINUTE.seconds();
    }

    /** Half-hour rollups read. */
    public long halfHours() {
        return (halfHoursTo.getEpochSecond() - halfHoursFrom.getEpochSecond()) / Resolution.HALF_HOUR.seconds();
    }
}
