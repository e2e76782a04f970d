package dev.inferencemetrics.rollup;

import java.time.Instant;

/** Replicas of a deployment that answered a scrape in a minute and were not counted in that minute before. */
public record ReplicaCount(long deploymentId, Instant minute, int replicas) {

    public ReplicaCount {
        if (!Resolution.MINUTE.bucketOf(minute).equals(minute)) {
            throw new IllegalArgumentException("a replica count is of a whole minute");
        }
        if (replicas < 1) {
            throw new IllegalArgumentException("a replica count adds at least one replica");
        }
    }
}
