package dev.inferencemetrics.loadgen;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The dashboard's API as the load generator calls it: one timeout, a key as Bearer token, what counts as success, and
 * one rule for coming back when told to — so ingest, reads and provisioning cannot drift apart.
 *
 * @param base the dashboard's URL, which request paths are resolved against
 */
record ApiCalls(HttpClient http, URI base) {

    static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    /** A call refused with 429 or 503 is sent again only if its wait ends within this time of its first sending. */
    static final Duration RETRY_WINDOW = Duration.ofSeconds(30);

    /** The longest a call can take: retries within the window, the last of them answered within its timeout. */
    static final Duration LONGEST_CALL = RETRY_WINDOW.plus(CALL_TIMEOUT);

    private static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(1);

    /** A request to {@code path} (with its query) under the dashboard's URL, authorized by {@code key}. */
    HttpRequest.Builder request(String path, String key) {
        return HttpRequest.newBuilder(base.resolve(path))
                .timeout(CALL_TIMEOUT)
                .header("Authorization", "Bearer " + key);
    }

    /** Sends once: ingest measures what the dashboard answers under load, a refusal included. */
    <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body)
            throws IOException, InterruptedException {
        return http.send(request, body);
    }

    /**
     * Sends, and again after the answer's {@code Retry-After} while it is 429 or 503 and the wait ends within the
     * window — as a dashboard or automation told to come back would.
     */
    <T> HttpResponse<T> sendRetrying(HttpRequest request, HttpResponse.BodyHandler<T> body)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        HttpResponse<T> response = http.send(request, body);
        while (asksToComeBack(response.statusCode())
                && retryWithinWindow(Duration.ofNanos(System.nanoTime() - started), retryAfter(response.headers()))) {
            Thread.sleep(retryAfter(response.headers()));
            response = http.send(request, body);
        }
        return response;
    }

    static boolean succeeded(int status) {
        return status / 100 == 2;
    }

    static boolean retryWithinWindow(Duration elapsed, Duration wait) {
        return elapsed.plus(wait).compareTo(RETRY_WINDOW) < 0;
    }

    /** How long a 429 or 503 answer asks the caller to wait; a second when it does not say in seconds. */
    static Duration retryAfter(HttpHeaders headers) {
        return headers.firstValue("Retry-After")
                .filter(seconds -> seconds.matches("\\d{1,9}"))
                .map(seconds -> Duration.ofSeconds(Long.parseLong(seconds)))
                .orElse(DEFAULT_RETRY_AFTER);
    }

    private static boolean asksToComeBack(int status) {
        return status == 429 || status == 503;
    }
}
