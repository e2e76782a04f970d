package dev.inferencemetrics.slo;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
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
}
