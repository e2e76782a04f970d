package dev.inferencemetrics.rollup;

import java.time.Instant;

/** KV-cache usage gauges of one bucket: how many readings, their sum, lowest and highest (percent). */
public record KvRollup(Instant bucket, long samples, double usageSum, double usageMin, double usageMax) {

    public static KvRollup of(Instant bucket, double usagePct) {
        return new KvRollup(bucket, 1, usagePct, usagePct, usagePct);
    }

    public KvRollup plus(KvRollup other) {
        return new KvRollup(
                bucket,
                samples + other.samples,
                usageSum + other.usageSum,
                Math.min(usageMin, other.usageMin),
                Math.max(usageMax, other.usageMax));
    }

    public double usageAvg() {
        return usageSum / samples;
    }
}
