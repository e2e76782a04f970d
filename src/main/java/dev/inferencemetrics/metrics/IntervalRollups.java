package dev.inferencemetrics.metrics;

import dev.inferencemetrics.metrics.DeploymentMetrics.KvPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.ThroughputPoint;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import dev.inferencemetrics.rollup.sketch.Percentiles;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** Rollups merged into the intervals of a {@link QueryWindow}, and what the charts and cards read from them. */
final class IntervalRollups {

    private final QueryWindow window;
    private final RequestRollup[] requests;
    private final KvRollup[] kv;
    private @Nullable RequestRollup totals;

    /** Empty request intervals, to be filled through {@link #requestsAt}, and the KV-cache rollups merged. */
    IntervalRollups(QueryWindow window, List<KvRollup> kvRollups) {
        this.window = window;
        this.requests = new RequestRollup[window.points()];
        this.kv = new KvRollup[window.points()];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = new RequestRollup(window.intervalStart(i));
        }
        mergeKv(window, kvRollups, kv);
    }

    /** Merges the KV-cache rollups into {@code kv}, one slot per interval of the window (null: no readings). */
    private static void mergeKv(QueryWindow window, List<KvRollup> kvRollups, KvRollup[] kv) {
        for (KvRollup rollup : kvRollups) {
            int interval = window.intervalOf(rollup.bucket());
            KvRollup moved = rollup.at(window.intervalStart(interval));
            kv[interval] = kv[interval] == null ? moved : kv[interval].plus(moved);
        }
    }

    /**
     * {@link #kvSummary()} of these rollups over the window, without building the request intervals: what the fleet
     * overview needs for every deployment, the same arithmetic in the same order, so the same figure.
     */
    static KvSummary kvSummary(QueryWindow window, List<KvRollup> kvRollups) {
        KvRollup[] kv = new KvRollup[window.points()];
        mergeKv(window, kvRollups, kv);
        return kvSummary(kv);
    }

    /** The interval that a rollup bucket merges into. */
    RequestRollup requestsAt(Instant bucket) {
        return requests[window.intervalOf(bucket)];
    }

    List<LatencyPoint> latencySeries(Function<RequestRollup, LatencySketch> metric) {
        List<LatencyPoint> points = new ArrayList<>(requests.length);
        for (RequestRollup interval : requests) {
            Optional<Percentiles> p = metric.apply(interval).percentiles();
            points.add(new LatencyPoint(
                    interval.bucket(),
                    p.map(Percentiles::count).orElse(0L),
                    p.map(Percentiles::p50).orElse(null),
                    p.map(Percentiles::p90).orElse(null),
                    p.map(Percentiles::p95).orElse(null),
                    p.map(Percentiles::p99).orElse(null)));
        }
        return points;
    }

    /** Whole-window percentiles from the merged sketch, with the highest interval p99 beside them. */
    LatencySummary latencySummary(Function<RequestRollup, LatencySketch> metric, List<LatencyPoint> series) {
        LatencySketch all = metric.apply(totals());
        Double maxP99 = series.stream()
                .map(LatencyPoint::p99)
                .filter(p99 -> p99 != null)
                .max(Double::compare)
                .orElse(null);
        return all.percentiles()
                .map(p -> new LatencySummary(
                        p.count(), p.p50(), p.p90(), p.p95(), p.p99(), finiteOrNull(p.tailRatio()), maxP99))
                .orElse(new LatencySummary(0, null, null, null, null, null, null));
    }

    List<KvPoint> kvSeries() {
        List<KvPoint> points = new ArrayList<>(kv.length);
        for (int i = 0; i < kv.length; i++) {
            KvRollup interval = kv[i];
            points.add(
                    interval == null
                            ? new KvPoint(window.intervalStart(i), null, null, null)
                            : new KvPoint(
                                    interval.bucket(), interval.usageAvg(), interval.usageMax(), interval.usageMin()));
        }
        return points;
    }

    /** The window's mean, each reading weighed by the time it covers ({@link KvRollup#usageAvg}), and its peak. */
    KvSummary kvSummary() {
        return kvSummary(kv);
    }

    private static KvSummary kvSummary(KvRollup[] kv) {
        KvRollup all = null;
        for (KvRollup interval : kv) {
            if (interval != null) {
                all = all == null ? interval : all.plus(interval);
            }
        }
        return all == null ? new KvSummary(null, null) : new KvSummary(all.usageAvg(), all.usageMax());
    }

    List<ThroughputPoint> throughputSeries() {
        double seconds = window.step().getSeconds();
        List<ThroughputPoint> points = new ArrayList<>(requests.length);
        for (RequestRollup interval : requests) {
            Double errorRate =
                    interval.requests() == 0 ? null : (double) interval.failedRequests() / interval.requests();
            points.add(new ThroughputPoint(
                    interval.bucket(),
                    interval.requests() / seconds,
                    interval.inputTokens() / seconds,
                    interval.outputTokens() / seconds,
                    errorRate));
        }
        return points;
    }

    List<GoodputFigures.GoodputPoint> goodputSeries() {
        double seconds = window.step().getSeconds();
        List<GoodputFigures.GoodputPoint> points = new ArrayList<>(requests.length);
        for (RequestRollup interval : requests) {
            points.add(GoodputFigures.GoodputPoint.of(interval, seconds));
        }
        return points;
    }

    /** The whole window as one rollup; computed once. */
    RequestRollup totals() {
        if (totals == null) {
            totals = new RequestRollup(window.from());
            for (RequestRollup interval : requests) {
                totals.merge(interval);
            }
        }
        return totals;
    }

    private static @Nullable Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
