package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.compare.CompareRequest;
import dev.inferencemetrics.compare.CompareService;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
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
 * A comparison of two 7-day windows (this week against last week) of the 30-day, 10 requests/s benchmark
 * deployment, against the baseline of the same run: one 7-day metrics query of the same deployment, as the Metrics
 * tab makes it. Both timed in-process (server-side). Prints one Markdown table with the ratio.
 */
public final class CompareBenchmark {

    private CompareBenchmark() {}

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
        TenantScope scope = TenantScope.tenant(tenant);
        MetricsQueryService metrics = app.getBean(MetricsQueryService.class);
        CompareService compare = app.getBean(CompareService.class);
        Duration week = Duration.ofDays(7);
        QueryWindow thisWeek = QueryWindow.of(end.minus(week), end, null);
        CompareRequest weeks = CompareRequest.of(
                history.slug(), end.minus(week.multipliedBy(2)), end.minus(week), null, end.minus(week), end);
        int runs = options.queryRuns();

        double single = QueryBenchmark.median(() -> metrics.query(scope, history.slug(), thisWeek), runs, runs);
        double compared = QueryBenchmark.median(() -> compare.compare(scope, weeks), runs, runs);
        double page = QueryBenchmark.median(
                () -> {
                    compare.compare(scope, weeks);
                    metrics.query(scope, history.slug(), weeks.aWindow());
                    return metrics.query(scope, history.slug(), weeks.bWindow());
                },
                runs,
                runs);

        System.out.printf(
                Locale.ROOT,
                "%n%,d requests over %d days at %d/s; median of %d after %d warm-up calls%n%n"
                        + "| call | ms | ÷ one 7-day query |%n"
                        + "| --- | ---: | ---: |%n"
                        + "| one 7-day metrics query (baseline) | %.1f | 1.00× |%n"
                        + "| compare two 7-day windows (summary and deltas) | %.1f | **%.2f×** |%n"
                        + "| the Compare page's reads (compare + both sides' series) | %.1f | %.2f× |%n",
                stored,
                options.days(),
                options.requestsPerSecond(),
                runs,
                runs,
                single,
                compared,
                compared / single,
                page,
                page / single);
    }
}
