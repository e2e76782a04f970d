package dev.inferencemetrics.loadgen;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * What people watching the dashboard add to an ingest load: reads of one kind at a fixed rate — a deployment's
 * last-hour metrics through {@code GET /api/v1/deployments/{slug}/metrics} (the query the Metrics page runs), or the
 * fleet's first page through {@code GET /api/v1/fleet} (what the fleet overview reads). A call refused for the
 * tenant's read share (429) is sent again after its {@code Retry-After}, and its latency includes the wait.
 */
final class DashboardQueries implements AutoCloseable {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    /** A read refused with 429 is sent again only if its wait ends within this time of its first sending. */
    private static final Duration RETRY_WINDOW = CALL_TIMEOUT;

    /** The longest a read can take: retries within the window, the last of them answered within its timeout. */
    static final Duration LONGEST_QUERY = RETRY_WINDOW.plus(CALL_TIMEOUT);

    /** The overview's grid asks for a page at a time; the API's default page is what a first screen reads. */
    private static final int FLEET_PAGE = 100;

    /** Reads of one kind waiting for an answer at most; one due beyond them is skipped, never queued. */
    static final int MAX_IN_FLIGHT = 32;

    private final double perSecond;
    private final LongFunction<URI> queryUri;
    private final String key;
    private final HttpClient http;
    private final LoadStatistics statistics = new LoadStatistics();
    private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();
    private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);

    private DashboardQueries(double perSecond, LongFunction<URI> queryUri, String key, HttpClient http) {
        this.perSecond = perSecond;
        this.queryUri = queryUri;
        this.key = key;
        this.http = http;
    }

    /** The Metrics page's last hour, of each deployment in turn. */
    static DashboardQueries metricsPages(LoadOptions options, HttpClient http, Clock clock) {
        return new DashboardQueries(
                options.queriesPerSecond(),
                index -> {
                    Instant to = clock.instant();
                    return options.url()
                            .resolve("/api/v1/deployments/"
                                    + options.deployments().forCall(index) + "/metrics?from="
                                    + URLEncoder.encode(
                                            to.minus(Duration.ofHours(1)).toString(), StandardCharsets.UTF_8)
                                    + "&to=" + URLEncoder.encode(to.toString(), StandardCharsets.UTF_8));
                },
                options.key(),
                http);
    }

    /** The fleet overview's first page, sorted by state as the page shows it. */
    static DashboardQueries fleetOverview(LoadOptions options, HttpClient http) {
        URI first = options.url().resolve("/api/v1/fleet?limit=" + FLEET_PAGE);
        return new DashboardQueries(options.fleetQueriesPerSecond(), index -> first, options.key(), http);
    }

    /** Sends the queries due by {@code elapsed} since the start that have not been sent yet. */
    void catchUp(Duration elapsed) {
        long due = (long) (elapsed.toNanos() / 1e9 * perSecond);
        for (long query = statistics.sent(); query < due; query++) {
            statistics.sent(1);
            if (!inFlight.tryAcquire()) {
                statistics.failed("skipped, " + MAX_IN_FLIGHT + " in flight");
                continue;
            }
            long index = query;
            calls.submit(() -> {
                try {
                    query(queryUri.apply(index));
                } finally {
                    inFlight.release();
                }
            });
        }
    }

    boolean enabled() {
        return perSecond > 0;
    }

    LoadStatistics statistics() {
        return statistics;
    }

    private void query(URI uri) {
        long started = System.nanoTime();
        statistics.attempt(() -> {
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .timeout(CALL_TIMEOUT)
                    .header("Authorization", "Bearer " + key)
                    .GET()
                    .build();
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            // a tenant over its fair share of reads is told when to come back, as a dashboard would
            while (response.statusCode() == 429
                    && Duration.ofNanos(System.nanoTime() - started)
                                    .plusSeconds(retryAfterSeconds(response))
                                    .compareTo(RETRY_WINDOW)
                            < 0) {
                Thread.sleep(Duration.ofSeconds(retryAfterSeconds(response)));
                response = http.send(request, HttpResponse.BodyHandlers.discarding());
            }
            statistics.answered(response.statusCode(), 0, 0, (System.nanoTime() - started) / 1e6);
        });
    }

    /** How long a 429 or 503 answer asks the caller to wait before sending again. */
    static long retryAfterSeconds(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").map(Long::parseLong).orElse(1L);
    }

    /** Waits for the reads in flight as long as the longest can take; any still unanswered are then reported. */
    @Override
    public void close() throws InterruptedException {
        calls.shutdown();
        calls.awaitTermination(LONGEST_QUERY.toSeconds() + 1, TimeUnit.SECONDS);
    }
}
