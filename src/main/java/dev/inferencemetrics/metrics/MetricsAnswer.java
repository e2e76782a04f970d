package dev.inferencemetrics.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.inferencemetrics.rollup.DimensionValue;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The metrics API's answer: the exact figures from per-request data, and which source the latency figures come from.
 * A deployment with no per-request data in the window but with engine histograms (a scraped engine) gets those as
 * {@code approximate}: per metric the observations and bucketed percentiles, each an estimate with the bounds of the
 * bucket it lies in, never mixed into the exact figures.
 */
record MetricsAnswer(
        @JsonUnwrapped DeploymentMetrics metrics,
        LatencySource latencySource,
        @Nullable Map<String, ApproximateSummary> approximate,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Filter filter) {

    /**
     * The one dimension value the answer is about; {@code otherCounted}: some traffic of the dimension in the window
     * was counted under "other" (a day reached its cap of values), so a value first seen past the cap has part of its
     * requests there.
     */
    record Filter(String dimension, String value, boolean otherCounted) {}

    /** The figures of one value's requests: exact from its rollups, never the engines' histograms. */
    static MetricsAnswer filtered(DeploymentMetrics metrics, DimensionValue value, boolean otherCounted) {
        return new MetricsAnswer(
                metrics,
                metrics.summary().requests() > 0 ? LatencySource.REQUESTS : LatencySource.NONE,
                null,
                new Filter(value.dimension().code(), value.value(), otherCounted));
    }

    /** Where the window's latency figures come from. */
    enum LatencySource {
        /** Per-request samples (the JSON API, traces, imports): the exact figures. */
        REQUESTS("requests"),
        /** Only the engines' latency histograms: the {@code approximate} figures. */
        ENGINE_HISTOGRAMS("engine-histograms"),
        /** Nothing in the window. */
        NONE("none");

        private final String code;

        LatencySource(String code) {
            this.code = code;
        }

        @JsonValue
        String code() {
            return code;
        }
    }

    static MetricsAnswer of(DeploymentMetrics metrics, ApproximateLatency approximate) {
        if (!approximate.isEmpty()) {
            Map<String, ApproximateSummary> byMetric = new LinkedHashMap<>();
            approximate.metrics().forEach((metric, summary) -> byMetric.put(metric, ApproximateSummary.of(summary)));
            return new MetricsAnswer(metrics, LatencySource.ENGINE_HISTOGRAMS, byMetric, null);
        }
        return new MetricsAnswer(
                metrics, metrics.summary().requests() > 0 ? LatencySource.REQUESTS : LatencySource.NONE, null, null);
    }

    /** Bucketed p50/p90/p95/p99 of one metric, in milliseconds, and how many observations they rest on. */
    record ApproximateSummary(long count, BucketAnswer p50, BucketAnswer p90, BucketAnswer p95, BucketAnswer p99) {

        static ApproximateSummary of(ApproximateLatency.Summary summary) {
            return new ApproximateSummary(
                    summary.count(),
                    BucketAnswer.of(summary.p50()),
                    BucketAnswer.of(summary.p90()),
                    BucketAnswer.of(summary.p95()),
                    BucketAnswer.of(summary.p99()));
        }
    }

    /** An estimate and the bounds of its bucket; {@code upperMs} is null for the open last bucket. */
    record BucketAnswer(
            double estimateMs, double lowerMs, @Nullable Double upperMs) {

        static BucketAnswer of(BucketedPercentile percentile) {
            return new BucketAnswer(
                    percentile.estimate(),
                    percentile.lower(),
                    Double.isInfinite(percentile.upper()) ? null : percentile.upper());
        }
    }
}
