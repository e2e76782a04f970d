package dev.inferencemetrics.loadgen;

import java.net.URLEncoder;
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
 * tenant's read share (429) is sent again by {@link ApiCalls}' one rule, and its latency includes the wait.
 */
final class DashboardQueries implements AutoCloseable {

    /** The overview's grid asks for a page at a time; the API's default page is what a first screen reads. */
    private static final int FLEET_PAGE = 100;

    /** Reads of one kind waiting for an answer at most; one due beyond them is skipped, never queued. */
    static final int MAX_IN_FLIGHT = 32;

    private final double perSecond;
    private final LongFunction<String> queryPath;
    private final String key;
    private final ApiCalls api;
    private final LoadStatistics statistics = new LoadStatistics();
    private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();
    private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);

    private DashboardQueries(double perSecond, LongFunction<String> queryPath, String key, ApiCalls api) {
        this.perSecond = perSecond;
        this.queryPath = queryPath;
        this.key = key;
        this.api = api;
    }

    /** The Metrics page's last hour, of each deployment in turn. */
    static DashboardQueries metricsPages(LoadOptions options, ApiCalls api, Clock clock) {
        return new DashboardQueries(
                options.queriesPerSecond(),
                index -> {
                    Instant to = clock.instant();
                    return "/api/v1/deployments/" + options.deployments().forCall(index) + "/metrics?from="
                            + URLEncoder.encode(to.minus(Duration.ofHours(1)).toString(), StandardCharsets.UTF_8)
                            + "&to=" + URLEncoder.encode(to.toString(), StandardCharsets.UTF_8);
                },
                options.key(),
                api);
    }

    /** The fleet overview's first page, sorted by state as the page shows it. */
    static DashboardQueries fleetOverview(LoadOptions options, ApiCalls api) {
        String first = "/api/v1/fleet?limit=" + FLEET_PAGE;
        return new DashboardQueries(options.fleetQueriesPerSecond(), index -> first, options.key(), api);
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
                    query(queryPath.apply(index));
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

    private void query(String path) {
        long started = System.nanoTime();
        statistics.attempt(() -> {
            HttpRequest request = api.request(path, key).GET().build();
            // a tenant over its fair share of reads is told when to come back, as a dashboard would
            HttpResponse<Void> response = api.sendRetrying(request, HttpResponse.BodyHandlers.discarding());
            statistics.answered(response.statusCode(), 0, 0, (System.nanoTime() - started) / 1e6);
        });
    }

    /** Waits for the reads in flight as long as the longest can take; any still unanswered are then reported. */
    @Override
    public void close() throws InterruptedException {
        calls.shutdown();
        calls.awaitTermination(ApiCalls.LONGEST_CALL.toSeconds() + 1, TimeUnit.SECONDS);
    }
}
