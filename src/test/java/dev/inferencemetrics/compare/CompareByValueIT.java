package dev.inferencemetrics.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Compare by value: two consumers of one deployment over the same window, one consumer on two deployments, each side
 * counted exactly from its value's rollups; unusable filters are refused.
 */
class CompareByValueIT extends ApiIntegrationTest {

    CompareByValueIT() {
        super("compare-by-value");
    }

    private String shared;
    private String other;
    private Instant from;
    private Instant to;

    @BeforeAll
    void twoConsumersOnOneDeploymentAndOneOfThemOnAnother() {
        shared = tenant.deployment("shared");
        other = tenant.deployment("other");
        from = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
        to = from.plus(Duration.ofMinutes(30));
        send(shared, "acme", 12, 2, 900, "interactive");
        send(shared, "beta", 7, 0, 120, "batch");
        send(shared, null, 5, 0, 120, "batch");
        send(other, "acme", 9, 1, 300, "interactive");
    }

    @Test
    void two_consumers_of_one_deployment_are_compared_over_the_same_window() {
        JsonNode answer = compare("a=" + shared + "&aFrom=" + from + "&aTo=" + to + "&aConsumer=acme&bConsumer=beta");

        assertThat(answer.path("offsetSeconds").asLong()).isZero();
        assertSide(answer.path("a"), shared, "consumer", "acme", 12, 2);
        assertSide(answer.path("b"), shared, "consumer", "beta", 7, 0);
        JsonNode p50 = delta(answer, "ttft.p50");
        assertThat(p50.path("a").asDouble()).isGreaterThan(5 * p50.path("b").asDouble());
    }

    @Test
    void one_consumer_is_compared_on_two_deployments_and_a_side_without_a_filter_covers_every_request() {
        JsonNode acme = compare(
                "a=" + shared + "&b=" + other + "&aFrom=" + from + "&aTo=" + to + "&aConsumer=acme&bConsumer=acme");
        JsonNode againstAll = compare("a=" + shared + "&b=" + shared + "&aFrom=" + from + "&aTo=" + to + "&bFrom="
                + from + "&bTo=" + to + "&aPriority=batch");

        assertSide(acme.path("a"), shared, "consumer", "acme", 12, 2);
        assertSide(acme.path("b"), other, "consumer", "acme", 9, 1);
        assertSide(againstAll.path("a"), shared, "priority", "batch", 12, 0);
        assertThat(againstAll.path("b").path("requests").asLong()).isEqualTo(24);
        JsonNode all = againstAll.path("b").path("value");
        assertThat(all.isNull() || all.isMissingNode())
                .as("no value: every request")
                .isTrue();
    }

    @Test
    void the_same_value_on_the_same_deployment_is_compared_with_the_period_before() {
        JsonNode answer = compare("a=" + shared + "&aFrom=" + to + "&aTo=" + to.plus(Duration.ofMinutes(30))
                + "&aConsumer=acme&bConsumer=acme");

        assertThat(answer.path("offsetSeconds").asLong()).isEqualTo(-1800);
        assertSide(answer.path("a"), shared, "consumer", "acme", 0, 0);
        assertSide(answer.path("b"), shared, "consumer", "acme", 12, 2);
    }

    @Test
    void unusable_filters_are_refused() {
        String window = "a=" + shared + "&aFrom=" + from + "&aTo=" + to;
        List<Answer> answers = List.of(
                api.get("/api/v1/compare?" + window + "&aConsumer=acme&aAdapter=lora-1", key),
                api.get("/api/v1/compare?" + window + "&bConsumer=sk-live-123", key),
                api.get("/api/v1/compare?" + window + "&bPriority=" + "p".repeat(33), key),
                api.get("/api/v1/compare?" + window + "&aConsumer=%20-bad", key));

        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.status()).as(answer.body()).isEqualTo(400);
            assertThat(answer.detail()).matches("(?s).*(aConsumer|bConsumer|bPriority|side a).*");
        });
    }

    private static void assertSide(
            JsonNode side, String deployment, String dimension, String value, long requests, long errors) {
        assertThat(side.path("deployment").asString()).isEqualTo(deployment);
        assertThat(side.path("dimension").asString()).isEqualTo(dimension);
        assertThat(side.path("value").asString()).isEqualTo(value);
        assertThat(side.path("requests").asLong()).isEqualTo(requests);
        assertThat(side.path("errors").asLong()).isEqualTo(errors);
    }

    /** {@code count} requests of the consumer (none: no consumer named), the last {@code failed} of them failed. */
    private void send(String deployment, String consumer, int count, int failed, double ttftMs, String priority) {
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = deployment + "-" + consumer + "-" + i;
            Instant at = from.plusSeconds(60L * i);
            RequestSampleJson sample = i >= count - failed
                    ? RequestSampleJson.failed(id, at, "error")
                    : RequestSampleJson.ok(id, at).ttft(ttftMs + i).e2e(ttftMs + 500 + i);
            sample.set("priority", priority);
            samples.add(consumer == null ? sample : sample.set("consumer", consumer));
        }
        assertThat(api.ingestRequests(key, deployment, samples).accepted()).isEqualTo(count);
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    private JsonNode compare(String query) {
        Answer answer = api.get("/api/v1/compare?" + query, key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    private static JsonNode delta(JsonNode answer, String figure) {
        return answer.path("deltas")
                .valueStream()
                .filter(row -> row.path("figure").asString().equals(figure))
                .findFirst()
                .orElseThrow();
    }
}
