package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * GET /api/v1/fleet?consumer= (and adapter=, priority=): each deployment's figures of that value's requests only,
 * exact counts from its rollups; a deployment without that value's traffic shows none.
 */
class FleetByConsumerIT extends ApiIntegrationTest {

    private String shared;
    private String other;
    private String quiet;

    FleetByConsumerIT() {
        super("fleet-by-consumer");
    }

    @BeforeAll
    void sendTraffic() {
        shared = tenant.deployment("shared");
        other = tenant.deployment("other");
        quiet = tenant.deployment("quiet");
        Instant now = clock.instant();
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            RequestSampleJson sample = i % 8 == 0
                    ? RequestSampleJson.failed("s-" + i, now.minusSeconds(90 + i), "error")
                    : RequestSampleJson.ok("s-" + i, now.minusSeconds(90 + i)).ttft(i < 25 ? 900.0 : 80.0);
            sample.tokens(100 + i, 10 + i);
            if (i < 25) {
                sample.set("consumer", "acme").set("priority", "batch");
            } else if (i < 35) {
                sample.set("consumer", "globex").set("adapter", "sql-lora");
            }
            samples.add(sample);
        }
        assertThat(api.ingestRequests(key, shared, samples).rejected()).isZero();
        List<RequestSampleJson> globex = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            globex.add(RequestSampleJson.ok("o-" + i, now.minusSeconds(120 + i))
                    .tokens(1_000, 100)
                    .set("consumer", "globex"));
        }
        assertThat(api.ingestRequests(key, other, globex).rejected()).isZero();
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    @Test
    void each_deployment_answers_the_requests_and_tokens_of_one_consumer_exactly() {
        HttpApi.Answer answer = api.get("/api/v1/fleet?consumer=acme", key);

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode json = answer.json();
        assertThat(json.path("filter").path("dimension").asString()).isEqualTo("consumer");
        assertThat(json.path("filter").path("value").asString()).isEqualTo("acme");
        long seconds = seconds(json);
        Map<String, JsonNode> rows = rows(json);
        assertThat(rows.keySet()).containsExactlyInAnyOrder(shared, other, quiet);
        JsonNode acme = rows.get(shared);
        // requests 0..24 of the shared deployment: 4 of them failed (0, 8, 16, 24)
        assertThat(acme.path("requestsPerSecond").asDouble()).isEqualTo(25.0 / seconds);
        assertThat(acme.path("errorRate").asDouble()).isEqualTo(4.0 / 25);
        assertThat(acme.path("inputTokensPerSecond").asDouble()).isEqualTo(sum(100, 0, 25) / seconds);
        assertThat(acme.path("outputTokensPerSecond").asDouble()).isEqualTo(sum(10, 0, 25) / seconds);
        assertThat(acme.path("ttft").path("p50").asDouble()).isBetween(880.0, 920.0);
        for (String without : List.of(other, quiet)) {
            assertThat(rows.get(without).path("requestsPerSecond").asDouble())
                    .as(without)
                    .isZero();
            assertThat(rows.get(without).path("ttft").path("p50").isNull())
                    .as(without)
                    .isTrue();
            assertThat(rows.get(without).path("sloState").asString()).isEqualTo("no-data");
        }
    }

    @Test
    void a_consumer_on_two_deployments_is_counted_on_each_apart() {
        JsonNode json = api.get("/api/v1/fleet?consumer=globex", key).json();

        long seconds = seconds(json);
        Map<String, JsonNode> rows = rows(json);
        assertThat(rows.get(shared).path("requestsPerSecond").asDouble()).isEqualTo(10.0 / seconds);
        assertThat(rows.get(shared).path("inputTokensPerSecond").asDouble()).isEqualTo(sum(100, 25, 35) / seconds);
        assertThat(rows.get(shared).path("ttft").path("p50").asDouble()).isBetween(78.0, 82.0);
        assertThat(rows.get(other).path("requestsPerSecond").asDouble()).isEqualTo(7.0 / seconds);
        assertThat(rows.get(other).path("outputTokensPerSecond").asDouble()).isEqualTo(700.0 / seconds);
        assertThat(rows.get(quiet).path("requestsPerSecond").asDouble()).isZero();
    }

    @Test
    void the_adapter_and_priority_filters_answer_their_values_requests() {
        JsonNode adapter = api.get("/api/v1/fleet?adapter=sql-lora", key).json();
        JsonNode priority = api.get("/api/v1/fleet?priority=batch", key).json();
        JsonNode all = api.get("/api/v1/fleet", key).json();

        assertThat(rows(adapter).get(shared).path("requestsPerSecond").asDouble())
                .isEqualTo(10.0 / seconds(adapter));
        assertThat(rows(adapter).get(other).path("requestsPerSecond").asDouble())
                .isZero();
        assertThat(rows(priority).get(shared).path("requestsPerSecond").asDouble())
                .isEqualTo(25.0 / seconds(priority));
        assertThat(all.has("filter")).isFalse();
        assertThat(rows(all).get(shared).path("requestsPerSecond").asDouble()).isEqualTo(40.0 / seconds(all));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"consumer=sk-live-123", "consumer=a%20b", "consumer=acme&adapter=sql-lora", "priority=x%21"})
    void a_value_that_ingest_would_refuse_or_two_filters_are_a_400_problem(String query) {
        HttpApi.Answer answer = api.get("/api/v1/fleet?" + query, key);

        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
    }

    private static long seconds(JsonNode json) {
        return Duration.between(
                        Instant.parse(json.path("from").asString()),
                        Instant.parse(json.path("to").asString()))
                .getSeconds();
    }

    private static Map<String, JsonNode> rows(JsonNode json) {
        Map<String, JsonNode> rows = new HashMap<>();
        json.path("deployments").forEach(row -> rows.put(row.path("slug").asString(), row));
        return rows;
    }

    /** Σ (base + i) for from ≤ i < to. */
    private static double sum(int base, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += base + i;
        }
        return sum;
    }
}
