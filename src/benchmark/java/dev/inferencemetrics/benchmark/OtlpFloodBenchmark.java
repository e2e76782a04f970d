package dev.inferencemetrics.benchmark;

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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One tenant floods the OTLP endpoint with exports of 5.2 MB of empty spans (2.6 million each, the shape of the
 * penetration test's flood) from many clients at once, while another tenant reads its deployment's metrics one call
 * after another. The other tenant's read latency during the flood is compared with its latency on the quiet server,
 * measured first in the same run; the target is every read under 1 s. Not a test: run it as BENCHMARKS.md says.
 */
public final class OtlpFloodBenchmark {

    private static final String READ_DEPLOYMENT = "llama-3-1-8b-nim";
    private static final int EMPTY_SPANS = 2_600_000;

    private OtlpFloodBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        int flooders = Integer.getInteger("benchmark.flooders", 16);
        Duration phase = Duration.ofSeconds(Integer.getInteger("benchmark.seconds", 30));
        Path data = Files.createTempDirectory("inference-metrics-otlp-flood-");
        try (ConfigurableApplicationContext app = IngestQueryBenchmark.start(data, options)) {
            run(app, flooders, phase);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(ConfigurableApplicationContext app, int flooders, Duration phase) throws Exception {
        URI api = IngestQueryBenchmark.api(app);
        URI traces = api.resolve("/v1/traces");
        String flooderKey = IngestQueryBenchmark.apiKey(app);
        String readerKey = app.getEnvironment().getRequiredProperty("inference-metrics.demo.api-keys.globex");
        Clock clock = app.getBean(Clock.class);
        byte[] flood = emptySpans(EMPTY_SPANS);

        IngestQueryBenchmark.progress("reads on the quiet server");
        long cpuStart = cpuNanos();
        Reads quiet = read(api, readerKey, clock, phase, new AtomicBoolean(false));
        double quietCores = (cpuNanos() - cpuStart) / (double) phase.toNanos();
        IngestQueryBenchmark.progress("reads while " + flooders + " clients flood OTLP");
        Map<String, AtomicLong> answers = new ConcurrentHashMap<>();
        AtomicBoolean flooding = new AtomicBoolean(true);
        long heapBefore = usedHeap();
        AtomicLong heapPeak = new AtomicLong(heapBefore);
        Reads flooded;
        long floodCpuStart = cpuNanos();
        try (ExecutorService floodClients = Executors.newFixedThreadPool(flooders);
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build()) {
            for (int i = 0; i < flooders; i++) {
                floodClients.submit(() -> {
                    while (flooding.get()) {
                        String answer;
                        try {
                            answer = Integer.toString(post(client, traces, flooderKey, flood));
                        } catch (java.io.IOException e) {
                            // a refusal answered before the body was read may close the connection under the upload
                            answer = "closed";
                        }
                        answers.computeIfAbsent(answer, s -> new AtomicLong()).incrementAndGet();
                        heapPeak.accumulateAndGet(usedHeap(), Math::max);
                    }
                    return null;
                });
            }
            flooded = read(api, readerKey, clock, phase, flooding);
        }
        double floodCores = (cpuNanos() - floodCpuStart) / (double) phase.toNanos();

        System.out.println(String.format(
                Locale.ROOT,
                "OTLP flood: %d clients posting %,d-byte exports of %,d empty spans for %d s, another tenant reading%n"
                        + "  reads on the quiet server  %5d  p50 %7.1f ms  p99 %7.1f ms  max %7.1f ms%n"
                        + "  reads during the flood     %5d  p50 %7.1f ms  p99 %7.1f ms  max %7.1f ms%n"
                        + "  flood ÷ quiet: p50 %.2f×  max %.2f×  (target: every read under 1 s)%n"
                        + "  flood answers by status: %s; heap used %,d MB before, %,d MB at its highest seen%n"
                        + "  CPU of this JVM (server and every client): %.2f cores quiet, %.2f cores during the flood",
                flooders,
                flood.length,
                EMPTY_SPANS,
                phase.toSeconds(),
                quiet.count(),
                quiet.at(0.5),
                quiet.at(0.99),
                quiet.max(),
                flooded.count(),
                flooded.at(0.5),
                flooded.at(0.99),
                flooded.max(),
                flooded.at(0.5) / quiet.at(0.5),
                flooded.max() / quiet.max(),
                new TreeMap<>(answers),
                heapBefore >> 20,
                heapPeak.get() >> 20,
                quietCores,
                floodCores));
    }

    /** Reads the other tenant's last hour, one call after another, for the phase; stops the flood after it. */
    private static Reads read(URI api, String key, Clock clock, Duration phase, AtomicBoolean flooding)
            throws Exception {
        List<Double> millis = new ArrayList<>();
        try (HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            long end = System.nanoTime() + phase.toNanos();
            while (System.nanoTime() < end) {
                // 20 reads a second: a dashboard's pace, well under the tenant's read rate
                Thread.sleep(50);
                Instant now = clock.instant();
                URI metrics = api.resolve(
                        "deployments/" + READ_DEPLOYMENT + "/metrics?from=" + now.minusSeconds(3600) + "&to=" + now);
                long start = System.nanoTime();
                HttpResponse<byte[]> response = client.send(
                        HttpRequest.newBuilder(metrics)
                                .header("Authorization", "Bearer " + key)
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                millis.add((System.nanoTime() - start) / 1e6);
                if (response.statusCode() != 200) {
                    throw new IllegalStateException("the other tenant's read answered " + response.statusCode());
                }
            }
        } finally {
            flooding.set(false);
        }
        return new Reads(millis.stream().sorted().toList());
    }

    private static int post(HttpClient client, URI traces, String key, byte[] body) throws Exception {
        return client.send(
                        HttpRequest.newBuilder(traces)
                                .header("Authorization", "Bearer " + key)
                                .header("Content-Type", "application/x-protobuf")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    /** One resource, one scope, {@code spans} empty spans: two bytes each (the spans field's tag and a zero length). */
    private static byte[] emptySpans(int spans) {
        byte[] scope = new byte[spans * 2];
        for (int i = 0; i < scope.length; i += 2) {
            scope[i] = 0x12;
        }
        return field(1, field(2, scope));
    }

    private static byte[] field(int number, byte[] message) {
        byte[] length = varint(message.length);
        byte[] field = new byte[1 + length.length + message.length];
        field[0] = (byte) (number << 3 | 2);
        System.arraycopy(length, 0, field, 1, length.length);
        System.arraycopy(message, 0, field, 1 + length.length, message.length);
        return field;
    }

    private static byte[] varint(int value) {
        byte[] bytes = new byte[5];
        int n = 0;
        while ((value & ~0x7f) != 0) {
            bytes[n++] = (byte) ((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        bytes[n++] = (byte) value;
        return java.util.Arrays.copyOf(bytes, n);
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private record Reads(List<Double> sortedMillis) {
        int count() {
            return sortedMillis.size();
        }

        double at(double quantile) {
            return sortedMillis.get(
                    (int) Math.min(sortedMillis.size() - 1, Math.floor(quantile * sortedMillis.size())));
        }

        double max() {
            return sortedMillis.getLast();
        }
    }
}
