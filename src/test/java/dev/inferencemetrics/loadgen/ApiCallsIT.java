package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiCallsIT {

    private final AtomicInteger calls = new AtomicInteger();
    private @Nullable HttpServer dashboard;

    /** A dashboard that asks to come back right away {@code refusals} times, then answers 200. */
    private ApiCalls dashboardRefusing(int refusals, int status) throws IOException {
        dashboard = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        dashboard.createContext("/", exchange -> {
            if (calls.incrementAndGet() <= refusals) {
                exchange.getResponseHeaders().add("Retry-After", "0");
                exchange.sendResponseHeaders(status, -1);
            } else {
                exchange.sendResponseHeaders(200, -1);
            }
            exchange.close();
        });
        dashboard.start();
        return new ApiCalls(
                HttpClient.newHttpClient(),
                URI.create("http://127.0.0.1:" + dashboard.getAddress().getPort()));
    }

    @AfterEach
    void stopDashboard() {
        if (dashboard != null) {
            dashboard.stop(0);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void a_call_told_to_come_back_is_sent_again_until_it_is_answered(int refusal) throws Exception {
        ApiCalls api = dashboardRefusing(2, refusal);
        HttpRequest request = api.request("/api/v1/fleet", "imk_x").GET().build();

        HttpResponse<Void> response = api.sendRetrying(request, HttpResponse.BodyHandlers.discarding());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(calls).hasValue(3);
    }

    @Test
    void ingest_sends_once_and_keeps_the_refusal() throws Exception {
        ApiCalls api = dashboardRefusing(1, 429);

        int status = api.send(
                        api.request("/api/v1/ingest/requests", "imk_x").build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();

        assertThat(status).isEqualTo(429);
        assertThat(calls).hasValue(1);
    }

    @Test
    void a_request_carries_the_key_as_bearer_token_and_the_call_timeout() throws Exception {
        ApiCalls api = dashboardRefusing(0, 200);

        HttpRequest request =
                api.request("/api/v1/fleet?limit=100", "imk_x").GET().build();

        assertThat(request.uri().getPath()).isEqualTo("/api/v1/fleet");
        assertThat(request.uri().getQuery()).isEqualTo("limit=100");
        assertThat(request.headers().firstValue("Authorization")).hasValue("Bearer imk_x");
        assertThat(request.timeout()).hasValue(Duration.ofSeconds(30));
    }

    @Test
    void a_retry_is_sent_only_if_its_wait_ends_within_the_window() {
        assertThat(ApiCalls.retryWithinWindow(Duration.ofSeconds(25), Duration.ofSeconds(4)))
                .isTrue();
        assertThat(ApiCalls.retryWithinWindow(Duration.ofSeconds(25), Duration.ofSeconds(5)))
                .isFalse();
        assertThat(ApiCalls.LONGEST_CALL).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void retry_after_is_read_in_seconds_and_is_a_second_when_missing_or_a_date() {
        assertThat(ApiCalls.retryAfter(headers("7"))).isEqualTo(Duration.ofSeconds(7));
        assertThat(ApiCalls.retryAfter(headers("Wed, 21 Oct 2026 07:28:00 GMT")))
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(ApiCalls.retryAfter(HttpHeaders.of(Map.of(), (name, value) -> true)))
                .isEqualTo(Duration.ofSeconds(1));
    }

    private static HttpHeaders headers(String retryAfter) {
        return HttpHeaders.of(Map.of("Retry-After", List.of(retryAfter)), (name, value) -> true);
    }
}
