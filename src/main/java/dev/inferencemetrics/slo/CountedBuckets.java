package dev.inferencemetrics.slo;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The good and all events of each objective, bucket by bucket, over a span of rollups: any window inside the span
 * is then a sum, with no second read. A bucket counts in a window when it starts inside it.
 */
public final class CountedBuckets {

    private final List<Instant> buckets;
    private final Map<SloKind, EventCounts[]> counts;
    private final double[] busySeconds;

    /** Counts without request time: what a read of the objectives alone gives. */
    CountedBuckets(List<Instant> buckets, Map<SloKind, EventCounts[]> counts) {
        this(buckets, counts, new double[buckets.size()]);
    }

    /**
     * @param counts each objective kind's events, one per bucket
     * @param busySeconds each bucket's requests × their mean E2E, in seconds: the time requests spent in flight
     */
    public CountedBuckets(List<Instant> buckets, Map<SloKind, EventCounts[]> counts, double[] busySeconds) {
        if (busySeconds.length != buckets.size()
                || counts.values().stream().anyMatch(perBucket -> perBucket.length != buckets.size())) {
            throw new IllegalArgumentException("one count per bucket");
        }
        this.buckets = List.copyOf(buckets);
        this.counts = counts.isEmpty() ? Map.of() : new EnumMap<>(counts);
        this.busySeconds = busySeconds.clone();
    }

    /** No buckets: what a span that is not read counts. */
    public static CountedBuckets none() {
        return new CountedBuckets(List.of(), Map.of());
    }

    /**
     * The mean number of requests in flight over {@code [from, to)} by Little's law (L = λW): the requests of the
     * buckets starting in it times their mean E2E, over its length — what the Capacity tab computes per interval.
     */
    public double meanInFlight(Instant from, Instant to) {
        double busy = 0;
        for (int i = 0; i < busySeconds.length; i++) {
            Instant bucket = buckets.get(i);
            if (!bucket.isBefore(from) && bucket.isBefore(to)) {
                busy += busySeconds[i];
            }
        }
        return busy / Duration.between(from, to).toMillis() * 1000;
    }

    /** The events of {@code kind} in buckets starting at or after {@code from} and before {@code to}. */
    public EventCounts within(SloKind kind, Instant from, Instant to) {
        EventCounts[] perBucket = counts.get(kind);
        if (perBucket == null) {
            return EventCounts.NONE;
        }
        long good = 0;
        long total = 0;
        for (int i = 0; i < perBucket.length; i++) {
            Instant bucket = buckets.get(i);
            if (!bucket.isBefore(from) && bucket.isBefore(to)) {
                good += perBucket[i].good();
                total += perBucket[i].total();
            }
        }
        return new EventCounts(good, total);
    }

    /** Bucket starts, oldest first. */
    public List<Instant> buckets() {
        return buckets;
    }

    /** The events of {@code kind} in the bucket at {@code index} of {@link #buckets()}. */
    public EventCounts at(SloKind kind, int index) {
        EventCounts[] perBucket = counts.get(kind);
        return perBucket == null ? EventCounts.NONE : perBucket[index];
    }
}
