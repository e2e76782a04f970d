package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One window of the metrics query, timed server-side with a warm cache, beside the raw-row baseline: exact
 * percentiles of the window's TTFT by {@code percentile_cont} over {@code request_sample}.
 */
final class QueryBenchmark {

    private static final String PERCENTILE_CONT = """
            select count(ttft_ms), percentile_cont(array[0.5, 0.9, 0.95, 0.99]) within group (order by ttft_ms)
              from request_sample
             where tenant_id = ? and deployment_id = ? and ts >= ? and ts < ? and status = 0""";

    private final MetricsQueryService metrics;
    private final JdbcTemplate jdbc;
    private final URI api;
    private final String apiKey;
    private final BenchmarkOptions options;

    QueryBenchmark(MetricsQueryService metrics, JdbcTemplate jdbc, URI api, String apiKey, BenchmarkOptions options) {
        this.metrics = metrics;
        this.jdbc = jdbc;
        this.api = api;
        this.apiKey = apiKey;
        this.options = options;
    }

    /** Medians in milliseconds; p50 and p99 of TTFT from the rollups and from the raw rows, to show they agree. */
    record Figures(
            String window,
            QueryWindow query,
            double rollupMs,
            double httpMs,
            long rawRows,
            double baselineMs,
            double rollupP50,
            double rawP50,
            double rollupP99,
            double rawP99) {

        double speedUp() {
            return baselineMs / rollupMs;
        }
    }

    Figures run(String label, DeploymentRef deployment, Instant end, Duration length) throws Exception {
        QueryWindow window = QueryWindow.of(end.minus(length), end, null);
        TenantScope scope = TenantScope.tenant(deployment.tenantId());
        Callable<DeploymentMetrics> query = () -> metrics.query(scope, deployment.slug(), window);
        DeploymentMetrics answer = query.call();
        double rollupMs = median(query, options.queryRuns(), options.queryRuns());
        double httpMs;
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpRequest get = HttpRequest.newBuilder(api.resolve("deployments/%s/metrics?from=%s&to=%s"
                            .formatted(deployment.slug(), window.from(), window.to())))
                    .header("Authorization", "Bearer " + apiKey)
                    .build();
            httpMs = median(
                    () -> ok(client.send(get, HttpResponse.BodyHandlers.ofString())),
                    options.queryRuns(),
                    options.queryRuns());
        }
        Object[] arguments = {
            deployment.tenantId(), deployment.id(), Timestamp.from(window.from()), Timestamp.from(window.to())
        };
        Callable<Raw> baseline = () -> jdbc.queryForObject(
                PERCENTILE_CONT, (rs, row) -> new Raw(rs.getLong(1), percentiles(rs.getArray(2))), arguments);
        Raw raw = baseline.call();
        double baselineMs = median(baseline, 0, options.baselineRuns());
        var ttft = answer.summary().ttft();
        return new Figures(
                label,
                window,
                rollupMs,
                httpMs,
                raw.rows(),
                baselineMs,
                Objects.requireNonNull(ttft.p50()),
                raw.percentiles()[0],
                Objects.requireNonNull(ttft.p99()),
                raw.percentiles()[3]);
    }

    private static double[] percentiles(Array array) throws SQLException {
        return Arrays.stream((Double[]) array.getArray())
                .mapToDouble(Double::doubleValue)
                .toArray();
    }

    private static <T> T ok(HttpResponse<T> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("metrics answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** Runs {@code warmup} untimed calls, then the median of {@code timed} calls in milliseconds. */
    static double median(Callable<?> call, int warmup, int timed) throws Exception {
        for (int i = 0; i < warmup; i++) {
            call.call();
        }
        double[] millis = new double[timed];
        for (int i = 0; i < timed; i++) {
            long start = System.nanoTime();
            call.call();
            millis[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(millis);
        return millis[timed / 2];
    }

    private record Raw(long rows, double[] percentiles) {}
}
