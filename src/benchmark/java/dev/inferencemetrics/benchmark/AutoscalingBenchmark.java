package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * How long the autoscaling signals take at 1,000 deployments (or {@code -Dbenchmark.deployments=N}) with an hour of
 * rollups each: the Prometheus text of all of them in one page ({@code GET /api/v1/autoscaling?limit=1000}) and one
 * deployment's JSON document ({@code GET /api/v1/deployments/{slug}/autoscaling}), beside two baselines of the same
 * run: the JSON document fetched once per deployment (what 1,000 metrics-api scalers ask between them) and the fleet
 * overview's first page. Not a test: see BENCHMARKS.md.
 */
public final class AutoscalingBenchmark {

    private static final int DEPLOYMENTS = Integer.getInteger("benchmark.deployments", 1_000);
    private static final int RUNS = 9;
    private static final int BASELINE_RUNS = 3;

    /**
     * Calls of each endpoint before the timed runs: a scaler or Prometheus asks every 15 to 30 s for as long as the
     * application runs, so what counts is the answer of a warmed-up application, not of its first calls.
     */
    private static final int WARM_UP_RUNS = Integer.getInteger("benchmark.warmUpRuns", 30);

    private AutoscalingBenchmark() {}

    /** The baseline calls once per deployment, a thousand calls a run: far past a key's and a tenant's read rate. */
    private static final String[] UNLIMITED_KEY = {
        "--inference-metrics.limits.requests-per-second-per-key=1000000",
        "--inference-metrics.limits.burst-per-key=1000000",
        "--inference-metrics.limits.reads-per-second-per-tenant=1000000",
        "--inference-metrics.limits.read-burst-per-tenant=1000000"
    };

    public static void main(String[] args) throws Exception {
        Path data = Files.createTempDirectory("inference-metrics-autoscaling-benchmark-");
        try (ConfigurableApplicationContext app =
                QuietApplication.start(data, QuietApplication.WITHOUT_DEMO, patient(UNLIMITED_KEY))) {
            run(app);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    /** A shared, loaded machine must slow the fill down, not fail it on the 30 s transaction limit. */
    private static String[] patient(String[] settings) {
        return Stream.concat(Arrays.stream(settings), Arrays.stream(QuietApplication.PATIENT))
                .toArray(String[]::new);
    }

    private static void run(ConfigurableApplicationContext app) throws Exception {
        long tenant = app.getBean(TenantService.class).createIfAbsent("bench", "Benchmark tenant");
        List<DeploymentRef> deployments = FleetBenchmark.fill(app, tenant, "bench-", DEPLOYMENTS);
        JdbcTemplate owner = new JdbcTemplate(IngestQueryBenchmark.owner(app));
        owner.execute("analyze deployment");
        owner.execute("analyze request_rollup");
        String key = app.getBean(ApiKeyService.class)
                .create(TenantScope.tenant(tenant), tenant, "benchmark", EnumSet.of(ApiScope.METRICS_READ), null)
                .plaintext();
        String base = "http://localhost:"
                + ((WebServerApplicationContext) app).getWebServer().getPort();
        HttpClient http = HttpClient.newHttpClient();
        String one = deployments.get(deployments.size() / 2).slug();

        for (int run = 0; run < WARM_UP_RUNS; run++) {
            get(http, base + "/api/v1/autoscaling?limit=1000", key);
            get(http, base + "/api/v1/deployments/" + one + "/autoscaling", key);
            get(http, base + "/api/v1/fleet?limit=100", key);
        }
        long[] prometheus = new long[RUNS];
        long[] json = new long[RUNS];
        long[] fleet = new long[RUNS];
        for (int run = 0; run < RUNS; run++) {
            prometheus[run] = get(http, base + "/api/v1/autoscaling?limit=1000", key);
            json[run] = get(http, base + "/api/v1/deployments/" + one + "/autoscaling", key);
            fleet[run] = get(http, base + "/api/v1/fleet?limit=100", key);
        }
        long[] perDeployment = new long[BASELINE_RUNS];
        for (int run = 0; run < BASELINE_RUNS; run++) {
            long start = System.nanoTime();
            for (DeploymentRef deployment : deployments) {
                get(http, base + "/api/v1/deployments/" + deployment.slug() + "/autoscaling", key);
            }
            perDeployment[run] = System.nanoTime() - start;
        }
        double prometheusMs = median(prometheus) / 1e6;
        double jsonMs = median(json) / 1e6;
        double fleetMs = median(fleet) / 1e6;
        double perDeploymentMs = median(perDeployment) / 1e6;
        System.out.printf(
                Locale.ROOT,
                "%nAutoscaling signals, %,d deployments with an hour of minute rollups, median of %d runs after %d"
                        + " warm-up runs"
                        + " (per-deployment baseline: median of %d):%n"
                        + "| Prometheus text, all %,d | JSON, one deployment | baseline: JSON of each deployment in"
                        + " turn | baseline: GET /api/v1/fleet first page | per-deployment ÷ Prometheus |%n"
                        + "| %,.1f ms | %,.1f ms | %,.0f ms | %,.1f ms | %.0f× |%n"
                        + "target: < 50 ms for each endpoint: Prometheus %s, JSON %s%n",
                DEPLOYMENTS,
                RUNS,
                WARM_UP_RUNS,
                BASELINE_RUNS,
                DEPLOYMENTS,
                prometheusMs,
                jsonMs,
                perDeploymentMs,
                fleetMs,
                perDeploymentMs / prometheusMs,
                prometheusMs < 50 ? "met" : "missed",
                jsonMs < 50 ? "met" : "missed");
    }

    /** The time one GET takes, in nanoseconds; anything but a 200 stops the benchmark. */
    private static long get(HttpClient http, String url, String key) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + key)
                .build();
        long start = System.nanoTime();
        HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
        long took = System.nanoTime() - start;
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("GET " + url + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return took;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
