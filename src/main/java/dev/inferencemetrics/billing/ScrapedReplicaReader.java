package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.EngineReplicaRollupStore;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.ReplicaMinutes;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.RollupSpan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Reads what scrapes saw of deployments' replicas for costing a window: from its start (on a whole minute) up to the
 * start of the minute its end (at most now) falls in, as whole half hours plus ragged minutes, for many deployments in
 * one statement.
 */
@Component
class ScrapedReplicaReader {

    private final EngineReplicaRollupStore store;

    ScrapedReplicaReader(EngineReplicaRollupStore store) {
        this.store = store;
    }

    /** A deployment whose GPU cost reads replicas from scrapes. */
    record Key(long tenantId, long deploymentId) {}

    /** By deployment id, every deployment asked for (one without any replica answering has an empty history). */
    Map<Long, ScrapedReplicas> read(List<Key> deployments, Instant from, Instant end) {
        Map<Long, ScrapedReplicas> scraped = new HashMap<>();
        Instant start = Resolution.MINUTE.bucketOf(from).equals(from)
                ? from
                : Resolution.MINUTE.bucketOf(from).plus(Resolution.MINUTE.duration());
        Instant until = Resolution.MINUTE.bucketOf(end);
        if (deployments.isEmpty() || !start.isBefore(until)) {
            return scraped;
        }
        List<Long> tenantIds = new ArrayList<>();
        List<Long> deploymentIds = new ArrayList<>();
        deployments.forEach(key -> {
            tenantIds.add(key.tenantId());
            deploymentIds.add(key.deploymentId());
        });
        Map<Long, List<ReplicaMinutes>> rows =
                store.readFleet(FleetKeys.of(tenantIds, deploymentIds), RollupSpan.of(start, until));
        deploymentIds.forEach(
                id -> scraped.put(id, ScrapedReplicas.of(start, until, rows.getOrDefault(id, List.of()))));
        return scraped;
    }

    /** {@link #read} of one deployment; {@link ScrapedReplicas#NONE} when the window holds no whole minute. */
    ScrapedReplicas read(Key deployment, Instant from, Instant end) {
        return read(List.of(deployment), from, end).getOrDefault(deployment.deploymentId(), ScrapedReplicas.NONE);
    }
}
