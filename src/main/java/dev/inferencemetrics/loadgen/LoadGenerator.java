package dev.inferencemetrics.loadgen;

import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives {@code POST /api/v1/ingest/requests} at a fixed rate of realistic samples, printing a progress line each
 * second and a report at the end. It stops by itself after the duration; calls in flight are bounded.
 */
public final class LoadGenerator {

    private static final Pattern COUNT = Pattern.compile("\"(accepted|rejected)\":(\\d+)");
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private final LoadOptions options;
    private final PrintStream out;
    private final Clock clock;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final LoadStatistics statistics = new LoadStatistics();
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final Optional<HeapProbe> heap;

    LoadGenerator(LoadOptions options, PrintStream out, Clock clock) {
        this.options = options;
        this.out = out;
        this.clock = clock;
        this.heap =
                Optional.ofNullable(options.operator()).map(operator -> new HeapProbe(http, options.url(), operator));
    }

    /** Entry point of {@code java -jar inference-metrics.jar load …}; returns the process exit code. */
    public static int run(String[] args, PrintStream out) {
        LoadOptions options;
        try {
            options = LoadOptions.parse(Arrays.asList(args));
        } catch (RuntimeException e) {
            out.println(e.getMessage());
            out.println(LoadOptions.USAGE);
            return 2;
        }
        try {
            return new LoadGenerator(options, out, Clock.systemUTC()).run() ? 0 : 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    boolean run() throws InterruptedException {
        out.printf(
                Locale.ROOT,
                "Sending %,.0f samples/s to %s (deployment %s) for %s in batches of %,d%n",
                options.samplesPerSecond(),
                options.url(),
                options.deployment(),
                options.duration(),
                options.batch());
        Semaphore inFlight = new Semaphore(options.concurrency());
        long start = System.nanoTime();
        long end = start + options.duration().toNanos();
        long nextProgress = start + TimeUnit.SECONDS.toNanos(1);
        long sequence = 0;
        SplittableRandom random = new SplittableRandom();
        try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();
                DashboardQueries queries = new DashboardQueries(options, http, clock)) {
            while (System.nanoTime() < end) {
                queries.catchUp(Duration.ofNanos(System.nanoTime() - start));
                long due = (long) ((System.nanoTime() - start) / 1e9 * options.samplesPerSecond());
                if (due - sequence >= options.batch() && inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    String body = SampleBatch.json(
                            options.deployment(), run, sequence, options.batch(), clock.instant(), random);
                    sequence += options.batch();
                    statistics.sent(options.batch());
                    calls.submit(() -> {
                        try {
                            send(body);
                        } finally {
                            inFlight.release();
                        }
                    });
                } else {
                    Thread.sleep(2);
                }
                if (System.nanoTime() >= nextProgress) {
                    progress(start, queries.statistics());
                    nextProgress += TimeUnit.SECONDS.toNanos(1);
                }
            }
            calls.shutdown();
            calls.awaitTermination(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            queries.close();
            report(start, queries.statistics());
            return statistics.failedCalls() == 0 && queries.statistics().failedCalls() == 0;
        }
    }

    private void send(String body) {
        long started = System.nanoTime();
        try {
            HttpRequest request = HttpRequest.newBuilder(options.url().resolve("/api/v1/ingest/requests"))
                    .timeout(CALL_TIMEOUT)
                    .header("Authorization", "Bearer " + options.key())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            long accepted = 0;
            long rejected = 0;
            Matcher counts = COUNT.matcher(response.body());
            while (counts.find()) {
                long value = Long.parseLong(counts.group(2));
                if (counts.group(1).equals("accepted")) {
                    accepted = value;
                } else {
                    rejected = value;
                }
            }
            statistics.answered(response.statusCode(), accepted, rejected, (System.nanoTime() - started) / 1e6);
        } catch (java.io.IOException e) {
            statistics.failed(e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            statistics.failed("interrupted");
        }
    }

    private void progress(long start, LoadStatistics queries) {
        double seconds = (System.nanoTime() - start) / 1e9;
        heap.ifPresent(HeapProbe::usedBytes);
        out.printf(
                Locale.ROOT,
                "%5.0f s  sent %,d  stored %,d (%,.0f/s)  rejected %,d  failed calls %d  call p99 %.0f ms"
                        + (options.queriesPerSecond() > 0 ? "  queries %,d (p99 %.0f ms)" : "")
                        + "%n",
                seconds,
                statistics.sent(),
                statistics.accepted(),
                statistics.accepted() / seconds,
                statistics.rejected(),
                statistics.failedCalls(),
                statistics.latencyMs(0.99),
                queries.sent(),
                queries.latencyMs(0.99));
    }

    private void report(long start, LoadStatistics queries) {
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println("--- report ---");
        out.printf(Locale.ROOT, "duration        %.1f s%n", seconds);
        out.printf(Locale.ROOT, "samples sent    %,d%n", statistics.sent());
        out.printf(
                Locale.ROOT, "samples stored  %,d (%,.0f/s)%n", statistics.accepted(), statistics.accepted() / seconds);
        out.printf(Locale.ROOT, "samples refused %,d%n", statistics.rejected());
        out.printf(
                Locale.ROOT,
                "call latency    p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                statistics.latencyMs(0.5),
                statistics.latencyMs(0.99),
                statistics.latencyMs(1));
        out.printf(Locale.ROOT, "failed calls    %d %s%n", statistics.failedCalls(), statistics.failures());
        if (options.queriesPerSecond() > 0) {
            out.printf(
                    Locale.ROOT,
                    "queries         %,d sent  p50 %.1f ms  p99 %.1f ms  max %.1f ms  failed %d %s%n",
                    queries.sent(),
                    queries.latencyMs(0.5),
                    queries.latencyMs(0.99),
                    queries.latencyMs(1),
                    queries.failedCalls(),
                    queries.failures());
        }
        heap.ifPresent(probe -> out.printf(
                Locale.ROOT,
                "dashboard heap  %s MiB used at the end, %.0f MiB at the peak of the per-second readings%n",
                probe.usedBytes().stream()
                        .mapToObj(bytes -> String.format(Locale.ROOT, "%.0f", bytes / 1048576.0))
                        .findFirst()
                        .orElse("?"),
                probe.peakBytes() / 1048576.0));
    }
}
