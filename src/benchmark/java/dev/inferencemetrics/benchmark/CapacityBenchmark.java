package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.database.EmbeddedPostgresServer;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.RequestSample;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The figures of the capacity model: a fleet of deployments at 10 requests/s each, as gateways send them (a batch of
 * 100 samples per deployment every 10 s of traffic, deployments in turn, 4 clients), through
 * {@code POST /api/v1/ingest/requests}; CPU per sample in the application and in PostgreSQL, and the bytes stored per
 * request in raw rows and per deployment-minute in rollups, read with {@code pg_total_relation_size} before and after.
 * Not a test: see BENCHMARKS.md, "Capacity model".
 */
public final class CapacityBenchmark {

    private static final int DEPLOYMENTS = Integer.getInteger("benchmark.deployments", 200);
    /** Rounds of one batch per deployment; each round is 10 s of a deployment's traffic. */
    private static final int ROUNDS = Integer.getInteger("benchmark.rounds", 36);

    private static final int WARMUP_ROUNDS = 6;
    private static final int BATCH = 100;
    private static final double REQUESTS_PER_SECOND = 10;
    private static final int CLIENTS = 4;

    private CapacityBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        LlmperfRequests requests = LlmperfRequests.load(options.dataset(), options.run());
        Path data = Files.createTempDirectory("inference-metrics-capacity-benchmark-");
        try (ConfigurableApplicationContext app = QuietApplication.start(
                data,
                "--inference-metrics.demo.enabled=false",
                "--inference-metrics.alerts.evaluator=false",
                "--inference-metrics.limits.requests-per-second-per-key=100000",
                "--inference-metrics.limits.burst-per-key=100000")) {
            run(app, requests);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(ConfigurableApplicationContext app, LlmperfRequests requests) throws Exception {
        long tenant = app.getBean(TenantService.class).createIfAbsent("capacity", "Capacity");
        DeploymentService deployments = app.getBean(DeploymentService.class);
        List<String> slugs = new ArrayList<>();
        for (int i = 0; i < DEPLOYMENTS; i++) {
            slugs.add(IngestQueryBenchmark.create(deployments, tenant, "capacity-" + i)
                    .slug());
        }
        String key = app.getBean(ApiKeyService.class)
                .create(TenantScope.tenant(tenant), tenant, "capacity", EnumSet.of(ApiScope.INGEST), null)
                .plaintext();
        URI endpoint = IngestQueryBenchmark.api(app).resolve("ingest/requests");
        JdbcTemplate owner = new JdbcTemplate(IngestQueryBenchmark.owner(app));
        CpuMeter cpu = CpuMeter.forDataDirectory(
                app.getBean(EmbeddedPostgresServer.class).dataDirectory());
        // the rounds' traffic ends a minute ago, so every sample is in the past and in today's partitions
        Instant now = app.getBean(Clock.class).instant();
        Instant start = Instant.ofEpochSecond(now.minus(Duration.ofSeconds(10L * (ROUNDS + WARMUP_ROUNDS) + 60))
                        .getEpochSecond()
                / 60
                * 60);
        SplittableRandom random = new SplittableRandom(18);
        HttpClient http = HttpClient.newHttpClient();

        IngestQueryBenchmark.progress("warm-up: %d rounds of %,d deployments".formatted(WARMUP_ROUNDS, DEPLOYMENTS));
        send(http, endpoint, key, batches(requests, slugs, start, 0, WARMUP_ROUNDS, random));
        Sizes before = Sizes.read(owner);
        List<byte[]> timed = batches(requests, slugs, start, WARMUP_ROUNDS, ROUNDS, random);
        IngestQueryBenchmark.progress("timed: %d rounds of %,d deployments".formatted(ROUNDS, DEPLOYMENTS));
        CpuMeter.Reading cpuStart = cpu.read();
        long began = System.nanoTime();
        send(http, endpoint, key, timed);
        double seconds = (System.nanoTime() - began) / 1e9;
        CpuMeter.Reading used = cpu.read().since(cpuStart);
        Sizes after = Sizes.read(owner);

        long samples = (long) ROUNDS * DEPLOYMENTS * BATCH;
        double appMicros = used.appNanos() / 1e3 / samples;
        double databaseMicros = used.databaseNanos() / 1e3 / samples;
        // each deployment-minute of the timed rounds holds 600 requests, as at 10 requests/s
        double deploymentMinutes = (double) ROUNDS * DEPLOYMENTS * BATCH / (REQUESTS_PER_SECOND * 60);
        System.out.printf(
                Locale.ROOT,
                "%nCapacity: %,d deployments × %d rounds of %d samples (10 s at 10 requests/s each), %d clients%n"
                        + "| samples | seconds | samples/s | app CPU µs/sample | PostgreSQL CPU µs/sample"
                        + " | app cores per 10,000 samples/s | PostgreSQL cores per 10,000 samples/s |%n"
                        + "| %,d | %.1f | %,.0f | %.1f | %.1f | %.2f | %.2f |%n"
                        + "%nStorage after the timed rounds (vacuum analyze first), growth over them:%n"
                        + "| raw bytes per request (heap, indexes, TOAST) | rollup bytes per deployment-minute"
                        + " (minute and half-hour rows) | minute rows | half-hour rows |%n"
                        + "| %.1f | %.1f | %,d | %,d |%n",
                DEPLOYMENTS,
                ROUNDS,
                BATCH,
                CLIENTS,
                samples,
                seconds,
                samples / seconds,
                appMicros,
                databaseMicros,
                appMicros * 10_000 / 1e6,
                databaseMicros * 10_000 / 1e6,
                (double) (after.rawBytes() - before.rawBytes()) / samples,
                (after.rollupBytes() - before.rollupBytes()) / deploymentMinutes,
                after.minuteRows() - before.minuteRows(),
                after.halfHourRows() - before.halfHourRows());
        System.out.printf(
                Locale.ROOT,
                "whole tables after the run: raw %,d bytes for %,d rows (%.1f B/row); rollups %,d bytes for %,d minute"
                        + " and %,d half-hour rows; minute row %.0f B, half-hour row %.0f B as stored (pg_column_size)%n",
                after.rawBytes(),
                after.rawRows(),
                (double) after.rawBytes() / after.rawRows(),
                after.rollupBytes(),
                after.minuteRows(),
                after.halfHourRows(),
                after.minuteRowSize(),
                after.halfHourRowSize());
    }

    /** Rounds {@code from} to {@code from + count} of one batch per deployment, stamped at 10 requests/s. */
    private static List<byte[]> batches(
            LlmperfRequests requests, List<String> slugs, Instant start, int from, int count, SplittableRandom random) {
        List<byte[]> batches = new ArrayList<>();
        long nanosPerRequest = Math.round(1e9 / REQUESTS_PER_SECOND);
        for (int round = from; round < from + count; round++) {
            for (String slug : slugs) {
                StringBuilder json = new StringBuilder(1 << 15);
                json.append("{\"deployment\":\"").append(slug).append("\",\"samples\":[");
                for (int i = 0; i < BATCH; i++) {
                    long n = (long) round * BATCH + i;
                    RequestSample sample = requests.next(random, start.plusNanos(n * nanosPerRequest), false);
                    SampleText.appendJson(json.append(i == 0 ? "" : ","), sample);
                }
                batches.add(json.append("]}").toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        return batches;
    }

    private static void send(HttpClient http, URI endpoint, String key, List<byte[]> batches) throws Exception {
        AtomicInteger next = new AtomicInteger();
        try (ExecutorService clients = Executors.newFixedThreadPool(CLIENTS)) {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                running.add(clients.submit(() -> {
                    for (int i = next.getAndIncrement(); i < batches.size(); i = next.getAndIncrement()) {
                        HttpRequest request = HttpRequest.newBuilder(endpoint)
                                .header("Authorization", "Bearer " + key)
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(batches.get(i)))
                                .build();
                        HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
                        if (answer.statusCode() != 200 || !answer.body().contains("\"accepted\":" + BATCH)) {
                            throw new IllegalStateException(
                                    "ingest answered " + answer.statusCode() + ": " + answer.body());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> client : running) {
                client.get();
            }
        }
    }

    /**
     * The raw and rollup tables' whole footprint (every partition of the raw table; heap, indexes and TOAST) and rows.
     */
    private record Sizes(
            long rawBytes,
            long rawRows,
            long rollupBytes,
            long minuteRows,
            long halfHourRows,
            double minuteRowSize,
            double halfHourRowSize) {

        static Sizes read(JdbcTemplate owner) {
            owner.execute("vacuum analyze request_sample");
            owner.execute("vacuum analyze request_rollup");
            return owner.queryForObject(
                    """
                    select (select coalesce(sum(pg_total_relation_size(relid)), 0)
                              from pg_partition_tree('request_sample')),
                           (select count(*) from request_sample),
                           pg_total_relation_size('request_rollup'),
                           (select count(*) from request_rollup where resolution_s = 60),
                           (select count(*) from request_rollup where resolution_s = 1800),
                           (select coalesce(avg(pg_column_size(r.*)), 0) from request_rollup r
                             where resolution_s = 60),
                           (select coalesce(avg(pg_column_size(r.*)), 0) from request_rollup r
                             where resolution_s = 1800)""",
                    (rs, row) -> new Sizes(
                            rs.getLong(1),
                            rs.getLong(2),
                            rs.getLong(3),
                            rs.getLong(4),
                            rs.getLong(5),
                            rs.getDouble(6),
                            rs.getDouble(7)));
        }
    }
}
