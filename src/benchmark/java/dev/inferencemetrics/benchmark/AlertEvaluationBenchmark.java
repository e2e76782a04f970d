package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.alert.AlertEvaluator;
import dev.inferencemetrics.alert.EvaluationRun;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * How long one evaluation of every deployment's alert rules takes for 1,000 deployments that each hold an hour of
 * minute rollups and three days of half-hour rollups, beside a baseline in the same run: the same windows' SLO
 * fractions read through the metrics query the dashboard uses, one query per window. Not a test: see BENCHMARKS.md.
 */
public final class AlertEvaluationBenchmark {

    private static final int DEPLOYMENTS = Integer.getInteger("benchmark.deployments", 1_000);
    private static final int RUNS = 5;
    private static final List<Duration> WINDOWS = List.of(
            Duration.ofMinutes(5),
            Duration.ofMinutes(30),
            Duration.ofHours(1),
            Duration.ofHours(6),
            Duration.ofDays(3));

    private AlertEvaluationBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path data = Files.createTempDirectory("inference-metrics-alert-benchmark-");
        try (ConfigurableApplicationContext app = QuietApplication.start(data, QuietApplication.WITHOUT_DEMO)) {
            run(app);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(ConfigurableApplicationContext app) {
        Clock clock = app.getBean(Clock.class);
        Instant now = clock.instant();
        List<DeploymentRef> deployments = fill(app, now);
        AlertEvaluator evaluator = app.getBean(AlertEvaluator.class);
        MetricsQueryService metrics = app.getBean(MetricsQueryService.class);
        EvaluationRun first = evaluator.evaluate(now, () -> true);
        long[] evaluation = new long[RUNS];
        long[] baseline = new long[RUNS];
        for (int run = 0; run < RUNS; run++) {
            // a minute later each run, as the schedule evaluates: windows move on by a minute
            Instant at = now.plusSeconds(60L * (run + 1));
            long start = System.nanoTime();
            evaluator.evaluate(at, () -> true);
            evaluation[run] = System.nanoTime() - start;
            start = System.nanoTime();
            for (DeploymentRef deployment : deployments) {
                for (Duration window : WINDOWS) {
                    metrics.query(
                            TenantScope.allTenants(), deployment.slug(), QueryWindow.of(at.minus(window), at, window));
                }
            }
            baseline[run] = System.nanoTime() - start;
        }
        double evaluationMs = median(evaluation) / 1e6;
        double baselineMs = median(baseline) / 1e6;
        System.out.printf(
                Locale.ROOT,
                "%nAlert evaluation, %d deployments (%d evaluated, %d failed in the first run), median of %d runs:%n"
                        + "| evaluation of every rule | baseline: metrics query per window | evaluation ÷ baseline |%n"
                        + "| %,.0f ms | %,.0f ms | %.2f |%n"
                        + "target: < 2,000 ms per evaluation (it runs once a minute): %s%n",
                DEPLOYMENTS,
                first.evaluated(),
                first.failed(),
                RUNS,
                evaluationMs,
                baselineMs,
                evaluationMs / baselineMs,
                evaluationMs < 2_000 ? "met" : "missed");
    }

    /** 1,000 deployments of one tenant, each with demo-like rollups: TTFT around 300 ms, 20 requests a minute. */
    private static List<DeploymentRef> fill(ConfigurableApplicationContext app, Instant now) {
        long tenant = app.getBean(TenantService.class).createIfAbsent("bench", "Benchmark tenant");
        DeploymentService deployments = app.getBean(DeploymentService.class);
        RequestRollupStore rollups = app.getBean(RequestRollupStore.class);
        TenantTransactions transactions = app.getBean(TenantTransactions.class);
        SplittableRandom random = new SplittableRandom(16);
        List<DeploymentRef> created = new ArrayList<>();
        for (int i = 0; i < DEPLOYMENTS; i++) {
            String slug = "bench-" + i;
            deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Bench " + i, "m", "vLLM", "eu"));
            DeploymentRef deployment = deployments.require(TenantScope.tenant(tenant), slug);
            transactions.run(TenantScope.tenant(tenant), () -> {
                rollups.add(
                        tenant,
                        deployment.id(),
                        Resolution.MINUTE,
                        SyntheticRollups.of(Resolution.MINUTE, now.minus(Duration.ofHours(1)), now, 20, random));
                rollups.add(
                        tenant,
                        deployment.id(),
                        Resolution.HALF_HOUR,
                        SyntheticRollups.of(Resolution.HALF_HOUR, now.minus(Duration.ofDays(3)), now, 600, random));
            });
            created.add(deployment);
        }
        return created;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
