package dev.inferencemetrics.loadgen;

import java.io.PrintStream;
import java.io.UncheckedIOException;
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
import java.util.stream.Stream;

/**
 * Drives {@code POST /api/v1/ingest/requests} at a fixed rate of realistic samples, spread over one deployment or a
 * fleet of them, with the dashboard's reads alongside, printing a progress line each second and a report at the end.
 * It stops by itself after the duration; calls in flight are bounded.
 */
public final class LoadGenerator {

    private static final Pattern COUNT = Pattern.compile("\"(accepted|rejected)\":(\\d+)");

    private final LoadOptions options;
    private final PrintStream out;
    private final Clock clock;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ApiCalls api;
    private final LoadStatistics statistics = new LoadStatistics();
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final Optional<HeapProbe> heap;

    LoadGenerator(LoadOptions options, PrintStream out, Clock clock) {
        this.options = options;
        this.out = out;
        this.clock = clock;
        this.api = new ApiCalls(http, options.url());
        this.heap =
                Optional.ofNullable(options.operator()).map(operator -> new HeapProbe(http, options.url(), operator));
    }

    /** Entry point of {@code java -jar inference-metrics.jar load …}; returns the process exit code. */
    public static int run(String[] args, PrintStream out) {
        if (Arrays.asList(args).contains("--help")) {
            out.println(LoadOptions.USAGE);
            return 0;
        }
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
        } catch (UncheckedIOException | IllegalStateException e) {
            // the message says all there is to say; a cause's message may quote the database URL with its password
            out.println(e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            out.println("the load stopped on an unexpected " + e.getClass().getSimpleName() + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    boolean run() throws InterruptedException {
        if (options.adminKey() != null && !new FleetProvisioning(options, api, out).provision()) {
            return false;
        }
        Optional<String> database = Optional.ofNullable(options.database());
        Optional<DatabaseSize> sizeBefore = database.map(DatabaseSize::read);
        out.printf(
                Locale.ROOT,
                "Sending %,.0f samples/s to %s (%s, %,.1f samples/s each) for %s in batches of %,d%n",
                options.samplesPerSecond(),
                options.url(),
                options.deployments().describe(),
                options.deployments().samplesPerSecondEach(options.samplesPerSecond()),
                options.duration(),
                options.batch());
        options.unreachedDeploymentsWarning().ifPresent(out::println);
        heap.ifPresent(HeapProbe::usedBytes);
        long start = System.nanoTime();
        try (DashboardQueries metrics = DashboardQueries.metricsPages(options, api, clock);
                DashboardQueries fleet = DashboardQueries.fleetOverview(options, api)) {
            sendFor(start, metrics, fleet);
            metrics.close();
            fleet.close();
            double seconds = (System.nanoTime() - start) / 1e9;
            new LoadReport(options, out)
                    .print(
                            seconds,
                            statistics,
                            metrics.statistics(),
                            fleet.statistics(),
                            heap,
                            database.flatMap(url -> sizeBefore.map(
                                    before -> DatabaseSize.read(url).minus(before))));
            return Stream.of(statistics, metrics.statistics(), fleet.statistics())
                    .allMatch(calls -> calls.failedCalls() == 0 && calls.unansweredCalls() == 0);
        }
    }

    private void sendFor(long start, DashboardQueries metrics, DashboardQueries fleet) throws InterruptedException {
        Semaphore inFlight = new Semaphore(options.concurrency());
        long end = start + options.duration().toNanos();
        long nextProgress = start + TimeUnit.SECONDS.toNanos(1);
        long batches = 0;
        SplittableRandom random = new SplittableRandom();
        try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor()) {
            while (System.nanoTime() < end) {
                Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
                metrics.catchUp(elapsed);
                fleet.catchUp(elapsed);
                long due = (long) (elapsed.toNanos() / 1e9 * options.samplesPerSecond());
                if (due - batches * options.batch() >= options.batch()
                        && inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    String body = SampleBatch.json(
                            options.deployments().forCall(batches),
                            run,
                            batches * options.batch(),
                            options.batch(),
                            clock.instant(),
                            random);
                    batches++;
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
                    progress(start, metrics, fleet);
                    nextProgress += TimeUnit.SECONDS.toNanos(1);
                }
            }
            calls.shutdown();
            calls.awaitTermination(ApiCalls.LONGEST_CALL.toSeconds() + 1, TimeUnit.SECONDS);
        }
    }

    private void send(String body) {
        long started = System.nanoTime();
        statistics.attempt(() -> {
            HttpRequest request = api.request("/api/v1/ingest/requests", options.key())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            HttpResponse<String> response = api.send(request, HttpResponse.BodyHandlers.ofString());
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
        });
    }

    private void progress(long start, DashboardQueries metrics, DashboardQueries fleet) {
        double seconds = (System.nanoTime() - start) / 1e9;
        heap.ifPresent(HeapProbe::usedBytes);
        out.printf(
                Locale.ROOT,
                "%5.0f s  sent %,d  stored %,d (%,.0f/s)  rejected %,d  failed calls %d  call p99 %.0f ms%s%s%n",
                seconds,
                statistics.sent(),
                statistics.accepted(),
                statistics.accepted() / seconds,
                statistics.rejected(),
                statistics.failedCalls(),
                statistics.latencyMs(0.99),
                progressOf("metrics", metrics),
                progressOf("fleet", fleet));
    }

    private static String progressOf(String kind, DashboardQueries queries) {
        return queries.enabled()
                ? String.format(
                        Locale.ROOT,
                        "  %s %,d (p99 %.0f ms)",
                        kind,
                        queries.statistics().sent(),
                        queries.statistics().latencyMs(0.99))
                : "";
    }
}
