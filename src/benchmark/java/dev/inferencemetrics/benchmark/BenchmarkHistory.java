package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The benchmark deployment's history (30 days at 10 requests/s unless the options say otherwise), filled on the
 * application started on a throw-away embedded PostgreSQL: what the drill-down, heatmap and compare benchmarks time
 * their reads against.
 *
 * @param deployment the deployment holding the history, of {@code tenant}
 * @param end the minute the history ends at (now, when it was filled)
 * @param stored how many requests it holds
 */
record BenchmarkHistory(
        ConfigurableApplicationContext app,
        BenchmarkOptions options,
        long tenant,
        DeploymentRef deployment,
        Instant end,
        long stored) {

    /** A benchmark of reads over the history. */
    interface Reads {
        void time(BenchmarkHistory history) throws Exception;
    }

    /** Starts the application, fills the history, times the reads, then deletes the database. */
    static void run(Reads reads) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        LlmperfRequests requests = LlmperfRequests.load(options.dataset(), options.run());
        Path data = Files.createTempDirectory("inference-metrics-benchmark-");
        try (ConfigurableApplicationContext app = IngestQueryBenchmark.start(data, options)) {
            reads.time(fill(app, options, requests));
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static BenchmarkHistory fill(
            ConfigurableApplicationContext app, BenchmarkOptions options, LlmperfRequests requests) throws Exception {
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
        return new BenchmarkHistory(app, options, tenant, history, end, stored);
    }

    TenantScope scope() {
        return TenantScope.tenant(tenant);
    }
}
