package dev.inferencemetrics.benchmark;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sustained ingest through {@code POST /api/v1/ingest/requests} against COPY of the same rows: both send the same
 * prepared batches of 1,000 from the same number of concurrent clients, after a warm-up of their own.
 */
final class IngestBenchmark {

    /** Samples are stamped at this rate, so a run of the timed batches spans about as long as it takes to send. */
    private static final double STAMP_RATE = 50_000;

    private final BenchmarkOptions options;
    private final LlmperfRequests requests;
    private final URI endpoint;
    private final String apiKey;
    private final DataSource dataSource;
    private final Clock clock;
    private final CpuMeter cpu;

    /** The time the dimension fold's turns have taken so far in all. */
    private final Supplier<Duration> foldTurns;

    IngestBenchmark(
            BenchmarkOptions options,
            LlmperfRequests requests,
            URI endpoint,
            String apiKey,
            DataSource dataSource,
            Clock clock,
            CpuMeter cpu,
            Supplier<Duration> foldTurns) {
        this.options = options;
        this.requests = requests;
        this.endpoint = endpoint;
        this.apiKey = apiKey;
        this.dataSource = dataSource;
        this.clock = clock;
        this.cpu = cpu;
        this.foldTurns = foldTurns;
    }

    /**
     * Throughput of HTTP ingest and of COPY in samples per second, the HTTP batch latencies, and the CPU each path
     * spent per sample in this JVM and in PostgreSQL.
     */
    record Figures(
            String form,
            long samples,
            double httpPerSecond,
            double copyPerSecond,
            double p50Ms,
            double p99Ms,
            CpuMeter.Reading httpCpu,
            CpuMeter.Reading copyCpu) {
        double ratio() {
            return httpPerSecond / copyPerSecond;
        }

        double microsPerSample(long nanos) {
            return nanos / 1e3 / samples;
        }
    }

    /**
     * Sends untimed batches of the plain form and of the form with dimensions, so that the ingest path and the fold
     * are compiled before the first timed form: each form's own warm-up alone left the first one to pay for most of
     * the JIT (its application CPU a sample was about twice the last form's).
     */
    void warmUp(IngestBatch.Target target, int batches) throws Exception {
        Instant start = clock.instant().minus(Duration.ofMinutes(10));
        http(IngestBatch.prepare(requests, target, batches, false, false, start, STAMP_RATE, 101));
        http(IngestBatch.prepare(
                requests, target, batches, false, true, start.plus(Duration.ofMinutes(1)), STAMP_RATE, 103));
        untilFolded();
    }

    Figures run(IngestBatch.Target target, String form, int batches, boolean withGaps, long seed) throws Exception {
        return run(target, form, batches, withGaps, false, seed);
    }

    /** With {@code withDimensions}, every HTTP sample names a consumer, an adapter and a priority; COPY is unchanged. */
    Figures run(
            IngestBatch.Target target, String form, int batches, boolean withGaps, boolean withDimensions, long seed)
            throws Exception {
        // long enough for the JIT to settle: compilation still under way would count against the HTTP path
        int warmup = Math.max(options.clients() * 25, batches / 4);
        Instant start = clock.instant().minus(Duration.ofMinutes(1));
        List<IngestBatch> warm = IngestBatch.prepare(
                requests,
                target,
                warmup,
                withGaps,
                withDimensions,
                start.minus(Duration.ofMinutes(2)),
                STAMP_RATE,
                seed);
        List<IngestBatch> timed =
                IngestBatch.prepare(requests, target, batches, withGaps, withDimensions, start, STAMP_RATE, seed + 1);

        copy(warm);
        checkpoint();
        CpuMeter.Reading before = cpu.read();
        BatchLoad.Timing copy = copy(timed);
        CpuMeter.Reading copyCpu = cpu.read().since(before);
        http(warm);
        untilFolded();
        checkpoint();
        before = cpu.read();
        Duration foldBefore = foldTurns.get();
        BatchLoad.Timing sent = http(timed);
        // the dimension rollups are done once the fold has counted every batch: the time it takes after the last
        // answer counts against the HTTP rate, and its CPU against the HTTP path
        Duration folding = untilFolded();
        BatchLoad.Timing http = new BatchLoad.Timing(sent.elapsed().plus(folding), sent.batchMillis());
        CpuMeter.Reading httpCpu = cpu.read().since(before);
        if (withDimensions) {
            Duration turns = foldTurns.get().minus(foldBefore);
            IngestQueryBenchmark.progress(
                    ("the last batches were folded into the dimension rollups %d ms after the last"
                                    + " answer; the fold's turns took %d ms in all, %.2f µs a sample")
                            .formatted(
                                    folding.toMillis(),
                                    turns.toMillis(),
                                    turns.toNanos() / 1e3 / IngestBatch.totalSamples(timed)));
        }

        long samples = IngestBatch.totalSamples(timed);
        return new Figures(
                form,
                samples,
                http.perSecond(samples),
                copy.perSecond(samples),
                http.batchMillisAt(0.5),
                http.batchMillisAt(0.99),
                httpCpu,
                copyCpu);
    }

    /**
     * Writes every changed page out before a timed phase, so that each phase starts from the same state: the first
     * change to a page after a checkpoint writes the whole page to the WAL, and a checkpoint that fell inside one
     * phase and not another moved the ratio between them by a tenth.
     */
    private void checkpoint() throws Exception {
        try (Connection connection = dataSource.getConnection();
                var statement = connection.createStatement()) {
            statement.execute("checkpoint");
        }
    }

    /** Waits until no batch (nor delta) waits for the dimension fold, and says how long that took. */
    private Duration untilFolded() throws Exception {
        long started = System.nanoTime();
        try (Connection connection = dataSource.getConnection();
                var waiting = connection.prepareStatement("select exists (select 1 from dimension_batch)"
                        + " or exists (select 1 from dimension_rollup_delta)")) {
            while (true) {
                try (var rs = waiting.executeQuery()) {
                    rs.next();
                    if (!rs.getBoolean(1)) {
                        return Duration.ofNanos(System.nanoTime() - started);
                    }
                }
                Thread.sleep(10);
            }
        }
    }

    private BatchLoad.Timing copy(List<IngestBatch> batches) throws Exception {
        return BatchLoad.run(batches.size(), options.clients(), () -> {
            Connection connection = dataSource.getConnection();
            CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
            return new BatchLoad.Worker() {
                @Override
                public void send(int batch) throws Exception {
                    long rows = copy.copyIn(
                            SampleText.COPY_REQUEST_SAMPLE,
                            new ByteArrayInputStream(batches.get(batch).copyRows()));
                    if (rows != batches.get(batch).samples()) {
                        throw new IllegalStateException("COPY stored " + rows + " rows");
                    }
                }

                @Override
                public void close() throws Exception {
                    connection.close();
                }
            };
        });
    }

    private BatchLoad.Timing http(List<IngestBatch> batches) throws Exception {
        try (HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return BatchLoad.run(batches.size(), options.clients(), () -> batch -> {
                IngestBatch sent = batches.get(batch);
                HttpResponse<String> response = client.send(
                        HttpRequest.newBuilder(endpoint)
                                .header("Authorization", "Bearer " + apiKey)
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(sent.json()))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                requireAllStored(response, sent.samples());
            });
        }
    }

    private static void requireAllStored(HttpResponse<String> response, int samples) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("ingest answered " + response.statusCode() + ": " + response.body());
        }
        JsonNode result = JsonMapper.shared().readTree(response.body());
        if (result.get("accepted").intValue() != samples
                || result.get("duplicates").intValue() != 0
                || result.get("rejected").intValue() != 0) {
            throw new IllegalStateException("not every sample was stored as new: " + response.body());
        }
    }
}
