package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.RequestPage;
import java.util.Objects;

/** What a drill-down past the raw retention can still tell: the interval's percentiles from the rollup sketches. */
final class RetainedDistribution {

    private RetainedDistribution() {}

    static String text(RequestPage page) {
        Summary summary = Objects.requireNonNull(page.distribution());
        return "The raw requests of this interval are past their retention; only the rollups remain. "
                + MetricFormat.count(summary.requests()) + " requests · "
                + line("TTFT", summary.ttft()) + " · " + line("ITL", summary.itl()) + " · "
                + line("E2E", summary.e2e());
    }

    private static String line(String name, LatencySummary latency) {
        return name + " p50 " + MetricFormat.latency(latency.p50()) + ", p90 " + MetricFormat.latency(latency.p90())
                + ", p99 " + MetricFormat.latency(latency.p99());
    }
}
