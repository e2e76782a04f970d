package dev.inferencemetrics.rollup.sketch;

/** The percentiles the product shows, over {@code count} observations, in the unit of the observations. */
public record Percentiles(long count, double p50, double p90, double p95, double p99) {

    public Percentiles {
        if (count <= 0) {
            throw new IllegalArgumentException("percentiles need at least one observation");
        }
        if (!(p50 <= p90 && p90 <= p95 && p95 <= p99)) {
            throw new IllegalArgumentException(
                    "percentiles must not decrease: " + p50 + ", " + p90 + ", " + p95 + ", " + p99);
        }
    }

    /** p99 ÷ p50: how much slower the tail is than the median. */
    public double tailRatio() {
        return p50 == 0 ? Double.NaN : p99 / p50;
    }
}
