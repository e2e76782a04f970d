package dev.inferencemetrics.ingest;

import java.time.Instant;

/** KV-cache usage of one replica at one instant, 0–100 %. */
public record KvSample(Instant ts, String replica, double usagePct) {}
