package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.Application;
import dev.inferencemetrics.database.EmbeddedPostgresServer;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Sustained HTTP ingest throughput and metrics-query latency of the real application on an embedded PostgreSQL 17,
 * each beside a baseline measured in the same run. Not a test: run it as BENCHMARKS.md says.
 */
public final class IngestQueryBenchmark {

    private static final Map<String, Duration> WINDOWS = windows();

    private IngestQueryBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        LlmperfRequests requests = LlmperfRequests.load(options.dataset(), options.run());
        Path data = Files.createTempDirectory("inference-metrics-benchmark-");
        try {
            try (ConfigurableApplicationContext app = start(data, options)) {
                run(app, options, requests);
            }
        } finally {
            deleteRecursively(data);
        }
    }

    static ConfigurableApplicationContext start(Path data, BenchmarkOptions options) {
        SpringApplication application = new SpringApplication(Application.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.setLogStartupInfo(false);
        return application.run(
                "--server.port=0",
                // never a configured database: the benchmark writes millions of rows
                "--spring.datasource.url=",
                "--inference-metrics.embedded-database.data-directory=" + data,
                "--inference-metrics.demo.enabled=true",
                // the benchmark measures ingest throughput; the per-key limit (50 calls/s by default) would cap it
                "--inference-metrics.limits.requests-per-second-per-key=1000000",
                "--inference-metrics.limits.burst-per-key=1000000",
                "--inference-metrics.retention.raw-samples=" + (options.days() + 2) + "d",
                "--inference-metrics.retention.minute-rollups=" + (options.days() + 5) + "d",
                "--logging.level.root=warn",
                "--logging.level.org.springdoc=error");
    }

    /**
     * The schema owner's connections, for what a DBA would do: the COPY baselines (COPY cannot write to tables
     * under row-level security), the raw-row percentile baseline, VACUUM and CHECKPOINT.
     */
    static DataSource owner(ConfigurableApplicationContext app) {
        FlywayConnectionDetails owner = app.getBean(FlywayConnectionDetails.class);
        return new DriverManagerDataSource(owner.getJdbcUrl(), owner.getUsername(), owner.getPassword());
    }

    private static void run(ConfigurableApplicationContext app, BenchmarkOptions options, LlmperfRequests requests)
            throws Exception {
        Clock clock = app.getBean(Clock.class);
        JdbcTemplate jdbc = new JdbcTemplate(owner(app));
        DeploymentService deployments = app.getBean(DeploymentService.class);
        DeploymentRef sandbox = deployments.require(TenantScope.allTenants(), "sandbox");
        DeploymentRef history = create(deployments, sandbox.tenantId(), "benchmark-history");

        BenchmarkReport report = new BenchmarkReport(System.out);
        report.header(clock.instant(), jdbc.queryForObject("show server_version", String.class), options);
        // History and queries come first, so the raw-row baseline scans no rows but the history deployment's.
        Instant end = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        fillHistory(app, options, requests, history, end, report);
        StorageFigures storage = StorageFigures.measure(jdbc, history);
        report.queries(timeQueries(app, options, history, end), options);
        report.storage(storage);
        List<IngestBenchmark.Figures> ingest = measureIngest(app, options, requests, sandbox);
        report.ingest(ingest, options.clients());
        reportDimensionCost(ingest, options.dimensionRounds());
        report.targets();
    }

    private static void fillHistory(
            ConfigurableApplicationContext app,
            BenchmarkOptions options,
            LlmperfRequests requests,
            DeploymentRef history,
            Instant end,
            BenchmarkReport report)
            throws Exception {
        progress("filling %d days of history".formatted(options.days()));
        long started = System.nanoTime();
        HistoryFill fill = new HistoryFill(
                owner(app),
                app.getBean(RequestRollupStore.class),
                app.getBean(KvRollupStore.class),
                app.getBean(TenantTransactions.class),
                requests,
                options.requestsPerSecond());
        long stored = fill.fill(history, end, options.days());
        // as autovacuum would have done by now in production, and so that it does not run during the timings
        JdbcTemplate jdbc = new JdbcTemplate(owner(app));
        jdbc.execute("vacuum analyze request_sample");
        jdbc.execute("vacuum analyze kv_rollup");
        jdbc.execute("checkpoint");
        report.history(
                stored, options.days(), options.requestsPerSecond(), Duration.ofNanos(System.nanoTime() - started));
    }

    private static List<QueryBenchmark.Figures> timeQueries(
            ConfigurableApplicationContext app, BenchmarkOptions options, DeploymentRef history, Instant end)
            throws Exception {
        QueryBenchmark queries = new QueryBenchmark(
                app.getBean(MetricsQueryService.class), new JdbcTemplate(owner(app)), api(app), apiKey(app), options);
        List<QueryBenchmark.Figures> windows = new ArrayList<>();
        for (var window : WINDOWS.entrySet()) {
            if (window.getValue().compareTo(Duration.ofDays(options.days())) <= 0) {
                progress("timing the " + window.getKey() + " window");
                windows.add(queries.run(window.getKey(), history, end, window.getValue()));
            }
        }
        return windows;
    }

    private static List<IngestBenchmark.Figures> measureIngest(
            ConfigurableApplicationContext app,
            BenchmarkOptions options,
            LlmperfRequests requests,
            DeploymentRef sandbox)
            throws Exception {
        IngestBenchmark ingest = new IngestBenchmark(
                options,
                requests,
                api(app).resolve("ingest/requests"),
                apiKey(app),
                owner(app),
                app.getBean(Clock.class),
                CpuMeter.forDataDirectory(
                        app.getBean(EmbeddedPostgresServer.class).dataDirectory()),
                () -> foldTurns(app.getBean(MeterRegistry.class)));
        DeploymentService deployments = app.getBean(DeploymentService.class);
        List<IngestBenchmark.Figures> forms = new ArrayList<>();
        progress("warming up the ingest path with untimed batches of both forms");
        ingest.warmUp(target(deployments, sandbox, 0), options.batches() / 2);
        for (int round = 0; round < options.dimensionRounds(); round++) {
            String suffix = roundSuffix(round, options.dimensionRounds());
            for (int n = 0; n < ROUND.size(); n++) {
                RoundForm form = ROUND.get(n);
                progress("ingesting " + form.name() + suffix);
                forms.add(ingest.run(
                        target(deployments, sandbox, 1 + 4 * round + n),
                        form.name() + suffix,
                        options.batches(),
                        false,
                        form.withDimensions(),
                        10L * round + form.seed()));
            }
        }
        if (options.itlBatches() > 0) {
            progress("ingesting itlMs batches");
            forms.add(ingest.run(
                    target(deployments, sandbox, 1 + 4 * options.dimensionRounds()),
                    "itlMs (token gaps)",
                    options.itlBatches(),
                    true,
                    2));
        }
        return forms;
    }

    /**
     * Deployments of their own for the {@code n}th form's HTTP batches and COPY rows, in the sandbox's tenant: each form
     * starts from no rows of its own, so none pays for the index pages an earlier form's rows added to its key range.
     */
    private static IngestBatch.Target target(DeploymentService deployments, DeploymentRef sandbox, int n) {
        DeploymentRef http = create(deployments, sandbox.tenantId(), "benchmark-ingest-" + n);
        DeploymentRef copy = create(deployments, sandbox.tenantId(), "benchmark-copy-" + n);
        return new IngestBatch.Target(http.slug(), sandbox.tenantId(), copy.id());
    }

    /** The time the dimension fold's turns (of every kind) have taken so far, as the application times them. */
    private static Duration foldTurns(MeterRegistry meters) {
        return Duration.ofNanos((long) meters.find("inference.metrics.dimension.fold").timers().stream()
                .mapToDouble(timer -> timer.totalTime(TimeUnit.NANOSECONDS))
                .sum());
    }

    private static final String PLAIN = "tpotMs";

    private static final String WITH_DIMENSIONS = "tpotMs + consumer, adapter, priority";

    private static final String DIMENSIONS_AGAIN = "tpotMs + consumer, adapter, priority, again";

    private static final String PLAIN_AGAIN = "tpotMs, again after those with dimensions";

    /** One form of a round: its name, whether its samples name a consumer, adapter and priority, and its seed. */
    private record RoundForm(String name, boolean withDimensions, long seed) {}

    /** A round's forms in their order: plain, with the values, with them again, plain again. */
    private static final List<RoundForm> ROUND = List.of(
            new RoundForm(PLAIN, false, 1),
            new RoundForm(WITH_DIMENSIONS, true, 3),
            new RoundForm(DIMENSIONS_AGAIN, true, 7),
            new RoundForm(PLAIN_AGAIN, false, 5));

    /** What the forms of round {@code round} (from 0) add to their names: nothing when there is one round. */
    private static String roundSuffix(int round, int rounds) {
        return rounds == 1 ? "" : " (round " + (round + 1) + ")";
    }

    /**
     * The HTTP ingest rate of samples that name a consumer, adapter and priority (their dimension rollups written too)
     * against that of the same samples without them, both measured in this run, in rounds of plain, with, with,
     * plain: in each round the mean of the two runs with them against the mean of the two without, both centred on the
     * same moment, so that what drifts through a run (the JIT still compiling, the machine's other work) leans on
     * neither. Each run's rate is printed above, so the drift shows. With more than one round
     * ({@code -Dbenchmark.dimensionRounds}), the median of the rounds' ratios, and the CPU a sample costs with the
     * values against without them over every round, which the machine's other work moves less than the rates.
     */
    private static void reportDimensionCost(List<IngestBenchmark.Figures> forms, int rounds) {
        List<Double> ratios = new ArrayList<>();
        long plainNanos = 0;
        long plainSamples = 0;
        long dimensionNanos = 0;
        long dimensionSamples = 0;
        for (int round = 0; round < rounds; round++) {
            String suffix = roundSuffix(round, rounds);
            List<IngestBenchmark.Figures> plain =
                    List.of(form(forms, PLAIN + suffix), form(forms, PLAIN_AGAIN + suffix));
            List<IngestBenchmark.Figures> with =
                    List.of(form(forms, WITH_DIMENSIONS + suffix), form(forms, DIMENSIONS_AGAIN + suffix));
            ratios.add(meanRate(with) / meanRate(plain));
            for (IngestBenchmark.Figures f : plain) {
                plainNanos += f.httpCpu().appNanos() + f.httpCpu().databaseNanos();
                plainSamples += f.samples();
            }
            for (IngestBenchmark.Figures f : with) {
                dimensionNanos += f.httpCpu().appNanos() + f.httpCpu().databaseNanos();
                dimensionSamples += f.samples();
            }
        }
        if (rounds == 1) {
            System.out.printf(
                    "%nIngest with dimensions: %.2f× of the rate without (the mean of the two runs with them against"
                            + " the mean of the runs before and after them; target ≥ 0.90×)%n",
                    ratios.getFirst());
        } else {
            List<Double> sorted = ratios.stream().sorted().toList();
            double median = sorted.size() % 2 == 1
                    ? sorted.get(sorted.size() / 2)
                    : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
            System.out.printf(
                    "%nIngest with dimensions, %d rounds: %s; median %.2f× (target ≥ 0.90×)%n",
                    rounds,
                    String.join(", ", ratios.stream().map("%.2f×"::formatted).toList()),
                    median);
        }
        double plainMicros = plainNanos / 1e3 / plainSamples;
        double dimensionMicros = dimensionNanos / 1e3 / dimensionSamples;
        System.out.printf(
                "CPU a sample, application and PostgreSQL: %.1f µs without the values, %.1f µs with them: %.2f× the"
                        + " samples a second on the same CPU%n",
                plainMicros, dimensionMicros, plainMicros / dimensionMicros);
    }

    private static double meanRate(List<IngestBenchmark.Figures> forms) {
        return forms.stream()
                .mapToDouble(IngestBenchmark.Figures::httpPerSecond)
                .average()
                .orElseThrow();
    }

    private static IngestBenchmark.Figures form(List<IngestBenchmark.Figures> forms, String name) {
        return forms.stream()
                .filter(f -> f.form().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no ingest form " + name));
    }

    static URI api(ConfigurableApplicationContext app) {
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        return URI.create("http://127.0.0.1:" + port + "/api/v1/");
    }

    /** The demo tenant's documented key (all scopes), which the benchmark uses as a gateway would. */
    static String apiKey(ConfigurableApplicationContext app) {
        return app.getEnvironment().getRequiredProperty("inference-metrics.demo.api-keys.acme");
    }

    static DeploymentRef create(DeploymentService deployments, long tenantId, String slug) {
        deployments.createIfAbsent(new DeploymentDefinition(
                tenantId, slug, "Benchmark " + slug, "meta-llama/Llama-3.1-70B-Instruct", "vLLM", "eu-west-1"));
        return deployments.require(TenantScope.tenant(tenantId), slug);
    }

    private static Map<String, Duration> windows() {
        Map<String, Duration> windows = new LinkedHashMap<>();
        windows.put("1 h", Duration.ofHours(1));
        windows.put("24 h", Duration.ofDays(1));
        windows.put("7 d", Duration.ofDays(7));
        windows.put("30 d", Duration.ofDays(30));
        return windows;
    }

    static void progress(String step) {
        System.err.println("benchmark: " + step + " …");
    }

    static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
