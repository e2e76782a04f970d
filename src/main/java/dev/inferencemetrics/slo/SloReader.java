package dev.inferencemetrics.slo;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.springframework.stereotype.Component;

/**
 * Counts objectives' events from the rollups, bucket by bucket: a sketch answers "how many ≤ threshold" within its
 * relative accuracy, so no raw sample is read. Runs inside the caller's transaction, its tenant declared.
 */
@Component
public class SloReader {

    private final RequestRollupStore rollups;

    SloReader(RequestRollupStore rollups) {
        this.rollups = rollups;
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
     * {@link #read} for many deployments in one statement: each deployment's objectives counted row by row as the
     * rollups stream in, so no sketch outlives its row. Deployments without objectives or rollups count nothing.
     */
    public Map<Long, CountedBuckets> readFleet(
            List<DeploymentRef> deployments,
            Map<Long, List<SloObjective>> objectives,
            Resolution resolution,
            Instant from,
            Instant to) {
        Map<Long, BucketCounter> counters = new HashMap<>();
        rollups.forEachOfFleet(
                FleetKeys.of(
                        deployments.stream().map(DeploymentRef::tenantId).toList(),
                        deployments.stream().map(DeploymentRef::id).toList()),
                resolution,
                resolution.bucketOf(from),
                to,
                (deploymentId, row) -> counters.computeIfAbsent(
                                deploymentId, id -> new BucketCounter(objectives.getOrDefault(id, List.of())))
                        .count(row));
        Map<Long, CountedBuckets> counted = new HashMap<>();
        counters.forEach((id, counter) -> counted.put(id, counter.counted()));
        return counted;
    }

    /** One deployment's buckets as its rows arrive, oldest first. */
    private static final class BucketCounter {
        private final List<SloObjective> objectives;
        private final List<Instant> buckets = new ArrayList<>();
        private final Map<SloKind, List<EventCounts>> counts = new EnumMap<>(SloKind.class);

        BucketCounter(List<SloObjective> objectives) {
            this.objectives = objectives;
        }

        void count(RequestRollup row) {
            buckets.add(row.bucket());
            for (SloObjective objective : objectives) {
                double threshold = Objects.requireNonNullElse(objective.thresholdMs(), 0.0);
                counts.computeIfAbsent(objective.kind(), kind -> new ArrayList<>())
                        .add(objective.kind().count(row, threshold));
            }
        }

        CountedBuckets counted() {
            Map<SloKind, EventCounts[]> arrays = new EnumMap<>(SloKind.class);
            counts.forEach((kind, perBucket) -> arrays.put(kind, perBucket.toArray(EventCounts[]::new)));
            return new CountedBuckets(buckets, arrays);
        }
    }
}
