package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.ErrorsByStatus;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.Series;
import dev.inferencemetrics.metrics.DeploymentMetrics.SloCompliance;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.DeploymentMetrics.ThroughputPoint;
import dev.inferencemetrics.metrics.QueryWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * Metrics of a window in which every interval holds ten requests, the TTFT p50 of each being its interval's index
 * plus one (ms), so a card shows which window it was given.
 */
final class WindowMetrics {

    private WindowMetrics() {}

    /** Not-ok requests without a split by status, as rolled up before the split existed. */
    static DeploymentMetrics of(QueryWindow window, long errors) {
        return of(window, errors, new ErrorsByStatus(0, 0, 0));
    }

    static DeploymentMetrics of(QueryWindow window, long errors, ErrorsByStatus byStatus) {
        List<LatencyPoint> ttft = new ArrayList<>();
        List<ThroughputPoint> throughput = new ArrayList<>();
        for (int i = 0; i < window.points(); i++) {
            double p50 = i + 1;
            ttft.add(new LatencyPoint(window.intervalStart(i), 10, p50, p50, p50, p50));
            throughput.add(new ThroughputPoint(
                    window.intervalStart(i), 10.0 / window.step().toSeconds(), 0, 0, 0.0));
        }
        double p50 = window.points();
        LatencySummary summary = new LatencySummary(10L * window.points(), p50, p50, p50, p50, 1.0, p50);
        LatencySummary none = new LatencySummary(0, null, null, null, null, null, null);
        long requests = 10L * window.points();
        return new DeploymentMetrics(
                "x",
                window.from(),
                window.to(),
                window.step().toSeconds(),
                new Summary(
                        summary,
                        none,
                        none,
                        new KvSummary(null, null),
                        requests,
                        errors,
                        100,
                        100,
                        new SloCompliance(500, 250, 1.0, 1.0, null),
                        none,
                        byStatus),
                new Series(ttft, List.of(), List.of(), List.of(), throughput, List.of()),
                NoGoodput.figures());
    }
}
