package dev.inferencemetrics.rollup;

import java.time.Instant;

/**
 * What scrapes saw of a deployment's replicas in (a part of) one half hour: the minutes in which any replica answered,
 * and the replica-minutes (the sum over those minutes of the replicas that answered in each).
 */
public record ReplicaMinutes(Instant halfHour, long minutes, long replicaMinutes) {}
