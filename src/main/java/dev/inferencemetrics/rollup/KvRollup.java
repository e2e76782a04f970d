package dev.inferencemetrics.rollup;

import java.time.Instant;

/**
 * KV-cache usage gauges of one bucket: how many readings, their sum, lowest and highest (percent), and the seconds
 * the readings cover with their usage × seconds. Every mean of KV-cache use (cards, charts, fleet, compare, alerts)
 * is {@link #usageAvg()} of the rollups merged: weighted by covered time.
 */
public record KvRollup(
        Instant bucket,
        long samples,
        double usageSum,
        double usageMin,
        double usageMax,
        double coveredSeconds,
        double usageTimeSum) {

    /** How long a reading holds at most when the replica's next reading comes later, or has not come yet. */
    public static final double MAX_COVER_SECONDS = 15;

    /** A bucket's readings without the time they cover: their mean is the plain mean of the readings. */
    public KvRollup(Instant bucket, long samples, double usageSum, double usageMin, double usageMax) {
        this(bucket, samples, usageSum, usageMin, usageMax, 0, 0);
    }

    public static KvRollup of(Instant bucket, double usagePct) {
        return new KvRollup(bucket, 1, usagePct, usagePct, usagePct);
    }

    /** A change of the time a stored reading covers: no reading added, the lowest and highest untouched. */
    public static KvRollup cover(Instant bucket, double usagePct, double seconds) {
        return new KvRollup(
                bucket, 0, 0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, seconds, usagePct * seconds);
    }

    public KvRollup plus(KvRollup other) {
        return new KvRollup(
                bucket,
                samples + other.samples,
                usageSum + other.usageSum,
                Math.min(usageMin, other.usageMin),
                Math.max(usageMax, other.usageMax),
                coveredSeconds + other.coveredSeconds,
                usageTimeSum + other.usageTimeSum);
    }

    /** This rollup moved to another bucket, as when merged into an interval. */
    public KvRollup at(Instant other) {
        return new KvRollup(other, samples, usageSum, usageMin, usageMax, coveredSeconds, usageTimeSum);
    }

    /**
     * The mean use over the time the readings cover; the plain mean of the readings where no time is known
     * (rollups written without it).
     */
    public double usageAvg() {
        return coveredSeconds > 1e-9 ? usageTimeSum / coveredSeconds : usageSum / samples;
    }
}
