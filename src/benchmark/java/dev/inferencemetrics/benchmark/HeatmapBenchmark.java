package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.Heatmap;
import dev.inferencemetrics.metrics.HeatmapMetric;
import dev.inferencemetrics.metrics.HeatmapService;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * A 24-hour heatmap (5-minute columns, as the page draws it) of the 30-day, 10 requests/s benchmark deployment,
 * timed in-process (server-side) for TTFT and for input tokens, beside the baseline of the same run: the metrics
 * query of the same 24 hours, which merges the same rollups. Prints one Markdown table.
 */
public final class HeatmapBenchmark {

    private HeatmapBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkHistory.run(HeatmapBenchmark::time);
    }

    private static void time(BenchmarkHistory filled) throws Exception {
        BenchmarkOptions options = filled.options();
        DeploymentRef history = filled.deployment();
        Instant end = filled.end();
        new org.springframework.jdbc.core.JdbcTemplate(IngestQueryBenchmark.owner(filled.app()))
                .execute("vacuum analyze request_rollup");
        HeatmapService heatmaps = filled.app().getBean(HeatmapService.class);
        MetricsQueryService metrics = filled.app().getBean(MetricsQueryService.class);
        TenantScope scope = filled.scope();
        QueryWindow day = QueryWindow.of(end.minus(Duration.ofDays(1)), end, null);
        int runs = options.queryRuns();

        Heatmap ttft = heatmaps.query(scope, history.slug(), HeatmapMetric.TTFT, day, null);
        double heatmapTtft = QueryBenchmark.median(
                () -> heatmaps.query(scope, history.slug(), HeatmapMetric.TTFT, day, null), runs, runs);
        double heatmapInput = QueryBenchmark.median(
                () -> heatmaps.query(scope, history.slug(), HeatmapMetric.INPUT_TOKENS, day, null), runs, runs);
        double metricsQuery = QueryBenchmark.median(() -> metrics.query(scope, history.slug(), day), runs, runs);

        System.out.printf(
                Locale.ROOT,
                "%n%,d requests over %d days at %d/s; 24 h window of %d columns × %d buckets%n%n"
                        + "| query (24 h) | median, ms | ÷ /metrics of the same 24 h |%n"
                        + "| --- | ---: | ---: |%n"
                        + "| heatmap, TTFT | %.1f | %.2f× |%n"
                        + "| heatmap, input tokens | %.1f | %.2f× |%n"
                        + "| /metrics (baseline) | %.1f | 1.00× |%n",
                filled.stored(),
                options.days(),
                options.requestsPerSecond(),
                ttft.columns().size(),
                ttft.bounds().size() - 1,
                heatmapTtft,
                heatmapTtft / metricsQuery,
                heatmapInput,
                heatmapInput / metricsQuery,
                metricsQuery);
    }
}
