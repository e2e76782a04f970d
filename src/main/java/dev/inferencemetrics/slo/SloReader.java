package dev.inferencemetrics.slo;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.FleetRequestRollupStore;
import dev.inferencemetrics.rollup.FleetRequestRollupStore.BucketSize;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.stereotype.Component;

/**
 * Counts objectives' events from the rollups, bucket by bucket: a sketch answers "how many ≤ threshold" within its
 * relative accuracy, so no raw sample is read. Runs inside the caller's transaction, its tenant declared.
 */
@Component
public class SloReader {

    private final RequestRollupRangeStore rollups;
    private final FleetRequestRollupStore fleetRollups;

    /** Counts of {@link #readFleet}'s latest call that covered each deployment, per resolution, by deployment id. */
    private final Map<Resolution, Map<Long, KeptCounts>> kept = new EnumMap<>(Resolution.class);

    SloReader(RequestRollupRangeStore rollups, FleetRequestRollupStore fleetRollups) {
        this.rollups = rollups;
        this.fleetRollups = fleetRollups;
    }

    public CountedBuckets read(
            DeploymentRef deployment, List<SloObjective> objectives, Resolution resolution, Instant from, Instant to) {
        TreeMap<Instant, RequestRollup> byBucket = new TreeMap<>();
        rollups.mergeInto(
                deployment.tenantId(),
                deployment.id(),
                resolution,
                resolution.bucketOf(from),
                to,
                bucket -> byBucket.computeIfAbsent(bucket, RequestRollup::new));
        List<Instant> buckets = new ArrayList<>(byBucket.keySet());
        Map<SloKind, EventCounts[]> counts = new EnumMap<>(SloKind.class);
        for (SloObjective objective : objectives) {
            EventCounts[] perBucket = new EventCounts[buckets.size()];
            double threshold = Objects.requireNonNullElse(objective.thresholdMs(), 0.0);
            int i = 0;
            for (RequestRollup rollup : byBucket.values()) {
                perBucket[i++] = objective.kind().count(rollup, threshold);
            }
            counts.put(objective.kind(), perBucket);
        }
        return new CountedBuckets(buckets, counts);
    }

    /**
     * {@link #read} for many deployments at once, for a caller that reads the same span every minute (the alert
     * evaluator). Each bucket's counts are kept between calls with the request count they were made at: a rollup only
     * grows (and a goodput recount changes its good count), so a bucket whose size is unchanged counts the same, and only new or grown buckets — the last
     * one or two of each deployment, in a steady minute — have their sketches read and decoded. Two statements
     * however many deployments there are. Deployments without objectives or rollups count nothing.
     */
    public synchronized Map<Long, CountedBuckets> readFleet(
            List<DeploymentRef> deployments,
            Map<Long, List<SloObjective>> objectives,
            Resolution resolution,
            Instant from,
            Instant to) {
        Map<Long, Long> tenantOf = new HashMap<>();
        deployments.forEach(deployment -> tenantOf.put(deployment.id(), deployment.tenantId()));
        Map<Long, NavigableMap<Instant, BucketSize>> sizes = fleetRollups.sizesOfFleet(
                FleetKeys.of(List.copyOf(tenantOf.values()), List.copyOf(tenantOf.keySet())),
                resolution,
                resolution.bucketOf(from),
                to);
        Map<Long, KeptCounts> previous = kept.getOrDefault(resolution, Map.of());
        Map<Long, KeptCounts> current = new HashMap<>();
        Map<Long, Instant> since = new HashMap<>();
        sizes.forEach((id, buckets) -> {
            List<SloObjective> counted = objectives.getOrDefault(id, List.of());
            KeptCounts counts = previous.get(id);
            KeptCounts keep = counts != null && counts.objectives().equals(counted)
                    ? counts.within(buckets.keySet())
                    : new KeptCounts(counted, new HashMap<>());
            current.put(id, keep);
            keep.firstStale(buckets).ifPresent(bucket -> since.put(id, bucket));
        });
        fleetRollups.forEachOfFleetSince(tenantOf, since, resolution, to, (id, row) -> {
            KeptCounts keep = Objects.requireNonNull(current.get(id), "a deployment read is one of the fleet's");
            keep.buckets().put(row.bucket(), KeptBucket.of(row, keep.objectives()));
        });
        // a call for some deployments (a new one read alone, one tenant) keeps the others' counts for the next
        // call of the whole fleet
        Map<Long, KeptCounts> keptNow = new HashMap<>(previous);
        keptNow.putAll(current);
        kept.put(resolution, keptNow);
        Map<Long, CountedBuckets> counted = new HashMap<>();
        sizes.forEach((id, buckets) -> counted.put(
                id, Objects.requireNonNull(current.get(id), "kept above").counted(buckets.keySet())));
        return counted;
    }

    /** One deployment's counted buckets, and the objectives they were counted for. */
    private record KeptCounts(List<SloObjective> objectives, Map<Instant, KeptBucket> buckets) {

        /** These counts without the buckets that left the span. */
        KeptCounts within(Set<Instant> span) {
            Map<Instant, KeptBucket> inside = new HashMap<>(buckets);
            inside.keySet().retainAll(span);
            return new KeptCounts(objectives, inside);
        }

        /** The oldest bucket not counted yet, or counted when it held fewer requests (or other goodput counts). */
        Optional<Instant> firstStale(NavigableMap<Instant, BucketSize> sizes) {
            return sizes.entrySet().stream()
                    .filter(size -> {
                        KeptBucket bucket = buckets.get(size.getKey());
                        return bucket == null || !bucket.size().equals(size.getValue());
                    })
                    .map(Map.Entry::getKey)
                    .findFirst();
        }

        /** The counts of the buckets in {@code span}, oldest first; one removed meanwhile (retention) is left out. */
        CountedBuckets counted(Set<Instant> span) {
            List<Instant> inOrder = span.stream().filter(buckets::containsKey).toList();
            double[] busy = new double[inOrder.size()];
            for (int i = 0; i < busy.length; i++) {
                busy[i] = Objects.requireNonNull(buckets.get(inOrder.get(i)), "filtered on containsKey")
                        .busySeconds();
            }
            Map<SloKind, EventCounts[]> counts = new EnumMap<>(SloKind.class);
            for (SloObjective objective : objectives) {
                EventCounts[] perBucket = new EventCounts[inOrder.size()];
                for (int i = 0; i < perBucket.length; i++) {
                    perBucket[i] = Objects.requireNonNull(
                            Objects.requireNonNull(buckets.get(inOrder.get(i)), "filtered on containsKey")
                                    .counts()
                                    .get(objective.kind()),
                            "a kept bucket counts every objective it was kept for");
                }
                counts.put(objective.kind(), perBucket);
            }
            return new CountedBuckets(inOrder, counts, busy);
        }
    }

    /**
     * One bucket's events per objective kind, the time its requests spent in flight (requests × mean E2E, seconds),
     * and what it held when they were counted.
     */
    private record KeptBucket(BucketSize size, Map<SloKind, EventCounts> counts, double busySeconds) {

        static KeptBucket of(RequestRollup row, List<SloObjective> objectives) {
            Map<SloKind, EventCounts> counts = new EnumMap<>(SloKind.class);
            for (SloObjective objective : objectives) {
                double threshold = Objects.requireNonNullElse(objective.thresholdMs(), 0.0);
                counts.put(objective.kind(), objective.kind().count(row, threshold));
            }
            double busy = row.requests() * row.e2e().mean().orElse(0) / 1000;
            return new KeptBucket(BucketSize.of(row), counts, busy);
        }
    }
}
