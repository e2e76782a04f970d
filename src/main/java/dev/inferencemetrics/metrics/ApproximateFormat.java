package dev.inferencemetrics.metrics;

/** How a bucketed (approximate) latency is written: always with the bounds of its bucket. */
public final class ApproximateFormat {

    private ApproximateFormat() {}

    /** "≈ 120 ms, between 100 and 150 ms"; in the open last bucket, "above 30.00 s". */
    public static String latency(BucketedPercentile percentile) {
        if (Double.isInfinite(percentile.upper())) {
            return "above " + MetricFormat.latency(percentile.lower());
        }
        return "≈ " + MetricFormat.latency(percentile.estimate()) + ", between "
                + MetricFormat.latency(percentile.lower()) + " and " + MetricFormat.latency(percentile.upper());
    }
}
