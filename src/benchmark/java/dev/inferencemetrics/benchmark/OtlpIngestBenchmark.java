package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.tenancy.TenantScope;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * OTLP protobuf trace ingest in spans per second beside JSON ingest in samples per second, measured in the same run
 * on the same application: both send batches of 1,000 of the same resampled LLMPerf requests from the same number
 * of concurrent clients, after a warm-up of their own. Not a test: run it as BENCHMARKS.md says.
 */
public final class OtlpIngestBenchmark {

    private static final double STAMP_RATE = 50_000;
    private static final String SERVICE = "benchmark-vllm";

    private OtlpIngestBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        int batches = Integer.getInteger("benchmark.otlpBatches", 300);
        LlmperfRequests requests = LlmperfRequests.load(options.dataset(), options.run());
        Path data = Files.createTempDirectory("inference-metrics-otlp-benchmark-");
        try (ConfigurableApplicationContext app = IngestQueryBenchmark.start(data, options)) {
            run(app, options, requests, batches);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(
            ConfigurableApplicationContext app, BenchmarkOptions options, LlmperfRequests requests, int batches)
            throws Exception {
        DeploymentService deployments = app.getBean(DeploymentService.class);
        DeploymentRef sandbox = deployments.require(TenantScope.allTenants(), "sandbox");
        DeploymentRef json = IngestQueryBenchmark.create(deployments, sandbox.tenantId(), "benchmark-json");
        DeploymentRef otlp = IngestQueryBenchmark.create(deployments, sandbox.tenantId(), "benchmark-otlp");
        app.getBean(DeploymentOtlpNames.class)
                .replace(TenantScope.allTenants(), otlp.slug(), new OtlpNames(List.of(SERVICE), List.of()));
        URI api = IngestQueryBenchmark.api(app);
        URI traces = api.resolve("/v1/traces");
        String key = IngestQueryBenchmark.apiKey(app);
        int warmup = Math.max(options.clients() * 25, batches / 4);
        Instant start = app.getBean(Clock.class).instant().minus(Duration.ofMinutes(1));
        Instant warmStart = start.minus(Duration.ofMinutes(2));
        IngestBatch.Target target = new IngestBatch.Target(json.slug(), json.tenantId(), json.id());

        IngestQueryBenchmark.progress("preparing batches");
        List<byte[]> jsonWarm = bodies(IngestBatch.prepare(requests, target, warmup, false, warmStart, STAMP_RATE, 1));
        List<byte[]> jsonTimed = bodies(IngestBatch.prepare(requests, target, batches, false, start, STAMP_RATE, 2));
        List<byte[]> otlpWarm = OtlpSpanBatch.prepare(requests, SERVICE, warmup, warmStart, STAMP_RATE, 3);
        List<byte[]> otlpTimed = OtlpSpanBatch.prepare(requests, SERVICE, batches, start, STAMP_RATE, 4);

        IngestQueryBenchmark.progress("JSON ingest");
        send(api.resolve("ingest/requests"), "application/json", key, jsonWarm, options.clients());
        BatchLoad.Timing jsonTiming =
                send(api.resolve("ingest/requests"), "application/json", key, jsonTimed, options.clients());
        IngestQueryBenchmark.progress("OTLP protobuf ingest");
        send(traces, "application/x-protobuf", key, otlpWarm, options.clients());
        BatchLoad.Timing otlpTiming = send(traces, "application/x-protobuf", key, otlpTimed, options.clients());

        long items = (long) batches * BenchmarkOptions.BATCH_SIZE;
        double jsonRate = jsonTiming.perSecond(items);
        double otlpRate = otlpTiming.perSecond(items);
        System.out.println(String.format(
                Locale.ROOT,
                "OTLP vs JSON ingest, %d clients, %,d items each in batches of %,d%n"
                        + "  JSON  POST /api/v1/ingest/requests  %,9.0f samples/s  batch p50 %6.1f ms  p99 %6.1f ms%n"
                        + "  OTLP  POST /v1/traces (protobuf)    %,9.0f spans/s    batch p50 %6.1f ms  p99 %6.1f ms%n"
                        + "  OTLP ÷ JSON: %.2f× (target ≥ 1.00×)",
                options.clients(),
                items,
                BenchmarkOptions.BATCH_SIZE,
                jsonRate,
                jsonTiming.batchMillisAt(0.5),
                jsonTiming.batchMillisAt(0.99),
                otlpRate,
                otlpTiming.batchMillisAt(0.5),
                otlpTiming.batchMillisAt(0.99),
                otlpRate / jsonRate));
    }

    private static List<byte[]> bodies(List<IngestBatch> batches) {
        return batches.stream().map(IngestBatch::json).toList();
    }

    private static BatchLoad.Timing send(URI endpoint, String contentType, String key, List<byte[]> bodies, int clients)
            throws Exception {
        try (HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return BatchLoad.run(bodies.size(), clients, () -> batch -> {
                HttpResponse<byte[]> response = client.send(
                        HttpRequest.newBuilder(endpoint)
                                .header("Authorization", "Bearer " + key)
                                .header("Content-Type", contentType)
                                .POST(HttpRequest.BodyPublishers.ofByteArray(bodies.get(batch)))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                requireAllStored(response, contentType);
            });
        }
    }

    private static void requireAllStored(HttpResponse<byte[]> response, String contentType) throws Exception {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("ingest answered " + response.statusCode());
        }
        if (contentType.equals("application/x-protobuf")) {
            ExportTraceServiceResponse answer = ExportTraceServiceResponse.parseFrom(response.body());
            if (answer.hasPartialSuccess()) {
                throw new IllegalStateException("spans not stored: " + answer.getPartialSuccess());
            }
            return;
        }
        JsonNode result = JsonMapper.shared().readTree(response.body());
        if (result.get("rejected").intValue() != 0 || result.get("duplicates").intValue() != 0) {
            throw new IllegalStateException("not every sample was stored as new: " + result);
        }
    }
}
