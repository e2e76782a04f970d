package dev.inferencemetrics.slo;

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

    CountedBuckets(List<Instant> buckets, Map<SloKind, EventCounts[]> counts) {
        this.buckets = List.copyOf(buckets);
        this.counts = counts.isEmpty() ? Map.of() : new EnumMap<>(counts);
    }

    /** No buckets: what a span that is not read counts. */
    public static CountedBuckets none() {
        return new CountedBuckets(List.of(), Map.of());
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
