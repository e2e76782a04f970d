package dev.inferencemetrics.rollup;

import java.time.Instant;

/** Readings of one engine gauge (requests running, waiting, prefix-cache hit rate…) in one bucket, all replicas. */
public record EngineGaugeRollup(String metric, Instant bucket, long samples, double sum, double min, double max) {

    public static EngineGaugeRollup of(String metric, Instant bucket, double value) {
        return new EngineGaugeRollup(metric, bucket, 1, value, value, value);
    }

    public EngineGaugeRollup plus(EngineGaugeRollup other) {
        return new EngineGaugeRollup(
                metric,
                bucket,
                samples + other.samples,
                sum + other.sum,
                Math.min(min, other.min),
                Math.max(max, other.max));
    }

    public double avg() {
        return sum / samples;
    }
}
