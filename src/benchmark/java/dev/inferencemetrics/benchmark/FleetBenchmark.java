package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.FleetOverviewService;
import dev.inferencemetrics.metrics.FleetPage;
import dev.inferencemetrics.metrics.FleetQuery;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * How long the fleet's first page takes for 1,000 deployments (or {@code -Dbenchmark.deployments=N}) that each hold
 * 65 minutes of minute rollups and KV readings and the half-hour rollups holding them (as ingest writes both), beside the method it replaced, in the same run: one Metrics query per
 * deployment. Timed in-process (server-side) and through {@code GET /api/v1/fleet}. Not a test: see BENCHMARKS.md.
 */
public final class FleetBenchmark {

    private static final int DEPLOYMENTS = Integer.getInteger("benchmark.deployments", 1_000);
    private static final int REQUESTS_PER_MINUTE = Integer.getInteger("benchmark.requestsPerMinute", 20);
    private static final int RUNS = 7;
    private static final int BASELINE_RUNS = 3;
    private static final int CHUNK = 100;

    private FleetBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path data = Files.createTempDirectory("inference-metrics-fleet-benchmark-");
        try (ConfigurableApplicationContext app =
                QuietApplication.start(data, QuietApplication.WITHOUT_DEMO, QuietApplication.PATIENT)) {
            run(app);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(ConfigurableApplicationContext app) throws Exception {
        long tenant = app.getBean(TenantService.class).createIfAbsent("bench", "Benchmark tenant");
        long fillStart = System.nanoTime();
        List<DeploymentRef> deployments = fill(app, tenant);
        System.out.printf(
                Locale.ROOT, "filled %,d deployments in %.0f s%n", DEPLOYMENTS, (System.nanoTime() - fillStart) / 1e9);
        analyze(app);
        TenantScope scope = TenantScope.tenant(tenant);
        FleetOverviewService fleet = app.getBean(FleetOverviewService.class);
        MetricsQueryService metrics = app.getBean(MetricsQueryService.class);
        String key = app.getBean(ApiKeyService.class)
                .create(scope, tenant, "benchmark", EnumSet.of(ApiScope.METRICS_READ), null)
                .plaintext();
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/fleet?limit=100"))
                .header("Authorization", "Bearer " + key)
                .build();

        long firstStart = System.nanoTime();
        FleetPage first = fleet.page(scope, FleetQuery.all(), 0, 100);
        System.out.printf(
                Locale.ROOT, "first (untimed) fleet read: %,.0f ms%n", (System.nanoTime() - firstStart) / 1e6);
        long[] service = new long[RUNS];
        long[] api = new long[RUNS];
        for (int run = 0; run < RUNS; run++) {
            long start = System.nanoTime();
            fleet.page(scope, FleetQuery.all(), 0, 100);
            service[run] = System.nanoTime() - start;
            start = System.nanoTime();
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            api[run] = System.nanoTime() - start;
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("GET /api/v1/fleet answered " + answer);
            }
        }
        QueryWindow window = QueryWindow.of(first.from(), first.to(), Duration.ofMinutes(5));
        long[] baseline = new long[BASELINE_RUNS];
        for (int run = 0; run < BASELINE_RUNS; run++) {
            long start = System.nanoTime();
            for (DeploymentRef deployment : deployments) {
                metrics.query(scope, deployment.slug(), window);
            }
            baseline[run] = System.nanoTime() - start;
        }
        double serviceMs = median(service) / 1e6;
        double apiMs = median(api) / 1e6;
        double baselineMs = median(baseline) / 1e6;
        double targetMs = DEPLOYMENTS <= 1_000 ? 300 : 3_000;
        System.out.printf(
                Locale.ROOT,
                "%nFleet, %,d deployments (%,d in the answer's total), first page of 100, median of %d runs"
                        + " (baseline: median of %d):%n"
                        + "| fleet read, server-side | GET /api/v1/fleet | baseline: Metrics query per deployment"
                        + " | baseline ÷ fleet read | baseline ÷ GET |%n"
                        + "| %,.0f ms | %,.0f ms | %,.0f ms | %.1f× | %.1f× |%n"
                        + "target: < %,.0f ms server-side: %s%n",
                DEPLOYMENTS,
                first.total(),
                RUNS,
                BASELINE_RUNS,
                serviceMs,
                apiMs,
                baselineMs,
                baselineMs / serviceMs,
                baselineMs / apiMs,
                targetMs,
                serviceMs < targetMs ? "met" : "missed");
    }

    /** Deployments of one tenant with demo-like rollups: TTFT around 300 ms, 1 % errors, two KV replicas. */
    private static List<DeploymentRef> fill(ConfigurableApplicationContext app, long tenant) {
        return fill(app, tenant, "bench-", DEPLOYMENTS);
    }

    /**
     * {@code count} deployments of the tenant, slugs {@code prefix0…}, each with the hour of rollups before it was
     * filled (a fill of minutes would otherwise leave the first deployments' last minutes empty). {@link #CHUNK}
     * deployments share a transaction: a commit per deployment made ten thousand take over ten minutes on a busy
     * machine.
     */
    static List<DeploymentRef> fill(ConfigurableApplicationContext app, long tenant, String prefix, int count) {
        TenantTransactions transactions = app.getBean(TenantTransactions.class);
        Clock clock = app.getBean(Clock.class);
        SplittableRandom random = new SplittableRandom(18);
        List<DeploymentRef> created = new ArrayList<>();
        for (int first = 0; first < count; first += CHUNK) {
            int end = Math.min(first + CHUNK, count);
            List<Integer> chunk = IntStream.range(first, end).boxed().toList();
            created.addAll(transactions.call(TenantScope.tenant(tenant), () -> chunk.stream()
                    .map(i -> deployment(app, tenant, clock.instant(), prefix + i, "Bench " + i, random))
                    .toList()));
            if (end % 1_000 == 0) {
                IngestQueryBenchmark.progress("%,d of %,d deployments filled".formatted(end, count));
            }
        }
        return created;
    }

    /** One deployment with 65 minutes of rollups at both levels, as ingest writes them: the minutes and half hours. */
    private static DeploymentRef deployment(
            ConfigurableApplicationContext app,
            long tenant,
            Instant now,
            String slug,
            String name,
            SplittableRandom random) {
        DeploymentService deployments = app.getBean(DeploymentService.class);
        RequestRollupStore requestRollups = app.getBean(RequestRollupStore.class);
        KvRollupStore kvRollups = app.getBean(KvRollupStore.class);
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, name, "m", "vLLM", "eu"));
        DeploymentRef deployment = deployments.require(TenantScope.tenant(tenant), slug);
        Instant from = Resolution.MINUTE.bucketOf(now.minus(Duration.ofMinutes(65)));
        List<RequestRollup> minutes = SyntheticRollups.of(Resolution.MINUTE, from, now, REQUESTS_PER_MINUTE, random);
        List<KvRollup> kvMinutes = kv(from, now, random);
        requestRollups.add(tenant, deployment.id(), Resolution.MINUTE, minutes);
        requestRollups.add(tenant, deployment.id(), Resolution.HALF_HOUR, halfHours(minutes));
        kvRollups.add(tenant, deployment.id(), Resolution.MINUTE, kvMinutes);
        kvRollups.add(tenant, deployment.id(), Resolution.HALF_HOUR, kvHalfHours(kvMinutes));
        return deployment;
    }

    /** Statistics as autovacuum would have gathered them on a database that has run a while. */
    private static void analyze(ConfigurableApplicationContext app) {
        JdbcTemplate owner = new JdbcTemplate(IngestQueryBenchmark.owner(app));
        owner.execute("analyze deployment");
        owner.execute("analyze request_rollup");
        owner.execute("analyze kv_rollup");
    }

    private static List<RequestRollup> halfHours(List<RequestRollup> minutes) {
        Map<Instant, RequestRollup> halfHours = new TreeMap<>();
        for (RequestRollup minute : minutes) {
            halfHours
                    .computeIfAbsent(Resolution.HALF_HOUR.bucketOf(minute.bucket()), RequestRollup::new)
                    .merge(minute);
        }
        return List.copyOf(halfHours.values());
    }

    private static List<KvRollup> kvHalfHours(List<KvRollup> minutes) {
        Map<Instant, KvRollup> halfHours = new TreeMap<>();
        for (KvRollup minute : minutes) {
            Instant bucket = Resolution.HALF_HOUR.bucketOf(minute.bucket());
            KvRollup moved =
                    new KvRollup(bucket, minute.samples(), minute.usageSum(), minute.usageMin(), minute.usageMax());
            halfHours.merge(bucket, moved, KvRollup::plus);
        }
        return List.copyOf(halfHours.values());
    }

    /** Four readings a minute from each of two replicas. */
    private static List<KvRollup> kv(Instant from, Instant to, SplittableRandom random) {
        List<KvRollup> rows = new ArrayList<>();
        for (Instant bucket = from; bucket.isBefore(to); bucket = bucket.plus(Resolution.MINUTE.duration())) {
            KvRollup rollup = KvRollup.of(bucket, 20 + 10 * random.nextDouble());
            for (int reading = 1; reading < 8; reading++) {
                rollup = rollup.plus(KvRollup.of(bucket, 20 + 10 * random.nextDouble()));
            }
            rows.add(rollup);
        }
        return rows;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
