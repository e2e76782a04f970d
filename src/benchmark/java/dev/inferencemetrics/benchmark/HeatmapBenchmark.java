package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.Heatmap;
import dev.inferencemetrics.metrics.HeatmapMetric;
import dev.inferencemetrics.metrics.HeatmapService;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A 24-hour heatmap (5-minute columns, as the page draws it) of the 30-day, 10 requests/s benchmark deployment,
 * timed in-process (server-side) for TTFT and for input tokens, beside the baseline of the same run: the metrics
 * query of the same 24 hours, which merges the same rollups. Prints one Markdown table.
 */
public final class HeatmapBenchmark {

    private HeatmapBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        LlmperfRequests requests = LlmperfRequests.load(options.dataset(), options.run());
        Path data = Files.createTempDirectory("inference-metrics-benchmark-");
        try (ConfigurableApplicationContext app = IngestQueryBenchmark.start(data, options)) {
            run(app, options, requests);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(ConfigurableApplicationContext app, BenchmarkOptions options, LlmperfRequests requests)
            throws Exception {
        DeploymentService deployments = app.getBean(DeploymentService.class);
        long tenant = deployments.require(TenantScope.allTenants(), "sandbox").tenantId();
        DeploymentRef history = IngestQueryBenchmark.create(deployments, tenant, "benchmark-history");
        Instant end = app.getBean(Clock.class).instant().truncatedTo(ChronoUnit.MINUTES);
        IngestQueryBenchmark.progress("filling %d days of history".formatted(options.days()));
        long stored = new HistoryFill(
                        IngestQueryBenchmark.owner(app),
                        app.getBean(RequestRollupStore.class),
                        app.getBean(KvRollupStore.class),
                        app.getBean(TenantTransactions.class),
                        requests,
                        options.requestsPerSecond())
                .fill(history, end, options.days());
        new org.springframework.jdbc.core.JdbcTemplate(IngestQueryBenchmark.owner(app))
                .execute("vacuum analyze request_rollup");
        HeatmapService heatmaps = app.getBean(HeatmapService.class);
        MetricsQueryService metrics = app.getBean(MetricsQueryService.class);
        TenantScope scope = TenantScope.tenant(tenant);
        QueryWindow day = QueryWindow.of(end.minus(Duration.ofDays(1)), end, null);
        int runs = options.queryRuns();

        Heatmap ttft = heatmaps.query(scope, history.slug(), HeatmapMetric.TTFT, day);
        double heatmapTtft =
                QueryBenchmark.median(() -> heatmaps.query(scope, history.slug(), HeatmapMetric.TTFT, day), runs, runs);
        double heatmapInput = QueryBenchmark.median(
                () -> heatmaps.query(scope, history.slug(), HeatmapMetric.INPUT_TOKENS, day), runs, runs);
        double metricsQuery = QueryBenchmark.median(() -> metrics.query(scope, history.slug(), day), runs, runs);

        System.out.printf(
                Locale.ROOT,
                "%n%,d requests over %d days at %d/s; 24 h window of %d columns × %d buckets%n%n"
                        + "| query (24 h) | median, ms | ÷ /metrics of the same 24 h |%n"
                        + "| --- | ---: | ---: |%n"
                        + "| heatmap, TTFT | %.1f | %.2f× |%n"
                        + "| heatmap, input tokens | %.1f | %.2f× |%n"
                        + "| /metrics (baseline) | %.1f | 1.00× |%n",
                stored,
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
