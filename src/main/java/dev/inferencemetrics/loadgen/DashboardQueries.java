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
import java.util.concurrent.TimeUnit;

/**
 * What people watching the dashboard add to an ingest load: a deployment's last-hour metrics, asked at a fixed rate
 * through {@code GET /api/v1/deployments/{slug}/metrics} (the query the Metrics page runs). A call refused for the
 * tenant's read share (429) is sent again after its {@code Retry-After}, and its latency includes the wait.
 */
final class DashboardQueries implements AutoCloseable {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private final LoadOptions options;
    private final HttpClient http;
    private final Clock clock;
    private final LoadStatistics statistics = new LoadStatistics();
    private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();

    DashboardQueries(LoadOptions options, HttpClient http, Clock clock) {
        this.options = options;
        this.http = http;
        this.clock = clock;
    }

    /** Sends the queries due by {@code elapsed} since the start that have not been sent yet. */
    void catchUp(Duration elapsed) {
        long due = (long) (elapsed.toNanos() / 1e9 * options.queriesPerSecond());
        for (long query = statistics.sent(); query < due; query++) {
            statistics.sent(1);
            calls.submit(this::query);
        }
    }

    LoadStatistics statistics() {
        return statistics;
    }

    private void query() {
        Instant to = clock.instant();
        URI uri = options.url()
                .resolve("/api/v1/deployments/" + options.deployment() + "/metrics?from="
                        + URLEncoder.encode(to.minus(Duration.ofHours(1)).toString(), StandardCharsets.UTF_8)
                        + "&to=" + URLEncoder.encode(to.toString(), StandardCharsets.UTF_8));
        long started = System.nanoTime();
        try {
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .timeout(CALL_TIMEOUT)
                    .header("Authorization", "Bearer " + options.key())
                    .GET()
                    .build();
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            // a tenant over its fair share of reads is told when to come back, as a dashboard would
            while (response.statusCode() == 429 && System.nanoTime() - started < CALL_TIMEOUT.toNanos()) {
                Thread.sleep(Duration.ofSeconds(retryAfterSeconds(response)));
                response = http.send(request, HttpResponse.BodyHandlers.discarding());
            }
            statistics.answered(response.statusCode(), 0, 0, (System.nanoTime() - started) / 1e6);
        } catch (java.io.IOException e) {
            statistics.failed(e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            statistics.failed("interrupted");
        }
    }

    private static long retryAfterSeconds(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").map(Long::parseLong).orElse(1L);
    }

    @Override
    public void close() throws InterruptedException {
        calls.shutdown();
        calls.awaitTermination(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
}
