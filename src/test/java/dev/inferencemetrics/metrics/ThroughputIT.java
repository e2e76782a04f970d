package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.metrics.DeploymentMetrics.ThroughputPoint;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Input and output tokens per second, apart, from planted requests whose token counts are known: per interval in the
 * metrics API, over the hour in the fleet API, and per side in a comparison.
 */
class ThroughputIT extends ApiIntegrationTest {

    private String deployment;
    private Instant start;

    ThroughputIT() {
        super("throughput");
    }

    @BeforeAll
    void plantRequestsWithKnownTokenCounts() {
        deployment = tenant.deployment("tokens");
        start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(10));
        api.ingestRequests(
                key,
                deployment,
                List.of(
                        // first minute: 600 + 300 input tokens, 120 + 60 output tokens
                        RequestSampleJson.ok("t-1", start.plusSeconds(5)).tokens(600, 120),
                        RequestSampleJson.ok("t-2", start.plusSeconds(50)).tokens(300, 60),
                        // second minute: a failed request's prompt counts too; 500 + 1,200 input, 0 + 240 output
                        RequestSampleJson.failed("t-3", start.plusSeconds(65), "error"),
                        RequestSampleJson.ok("t-4", start.plusSeconds(110)).tokens(1_200, 240)));
    }

    @Test
    void each_interval_gives_its_input_and_output_tokens_per_second_apart() {
        DeploymentMetrics metrics = api.metrics(key, deployment, start, start.plusSeconds(180), "60");

        assertThat(metrics.series().throughput())
                .extracting(
                        ThroughputPoint::t,
                        ThroughputPoint::inputTokensPerSecond,
                        ThroughputPoint::outputTokensPerSecond)
                .containsExactly(
                        tuple(start, 900 / 60.0, 180 / 60.0),
                        tuple(start.plusSeconds(60), 1_700 / 60.0, 240 / 60.0),
                        tuple(start.plusSeconds(120), 0.0, 0.0));
        assertThat(metrics.summary().inputTokens()).isEqualTo(2_600);
        assertThat(metrics.summary().outputTokens()).isEqualTo(420);
    }

    @Test
    void the_fleet_gives_the_hours_input_and_output_tokens_per_second() {
        JsonNode answer = api.get("/api/v1/fleet", key).json();
        double seconds = Duration.between(
                        Instant.parse(answer.path("from").asString()),
                        Instant.parse(answer.path("to").asString()))
                .toSeconds();
        JsonNode row = StreamSupport.stream(answer.path("deployments").spliterator(), false)
                .filter(entry -> entry.path("slug").asString().equals(deployment))
                .findFirst()
                .orElseThrow();

        assertThat(row.path("inputTokensPerSecond").asDouble()).isCloseTo(2_600 / seconds, within(1e-9));
        assertThat(row.path("outputTokensPerSecond").asDouble()).isCloseTo(420 / seconds, within(1e-9));
        assertThat(row.path("gpuUtilisationMean").isNull()).isTrue();
    }

    @Test
    void a_comparison_compares_input_and_output_tokens_per_second_apart() {
        JsonNode answer = api.get(
                        "/api/v1/compare?a=" + deployment + "&aFrom=" + start + "&aTo=" + start.plusSeconds(180)
                                + "&b=" + deployment + "&bFrom=" + start.plusSeconds(60) + "&bTo="
                                + start.plusSeconds(120),
                        key)
                .json();

        assertThat(answer.path("a").path("inputTokensPerSecond").asDouble()).isCloseTo(2_600 / 180.0, within(1e-9));
        assertThat(answer.path("a").path("outputTokensPerSecond").asDouble()).isCloseTo(420 / 180.0, within(1e-9));
        assertThat(answer.path("b").path("inputTokensPerSecond").asDouble()).isCloseTo(1_700 / 60.0, within(1e-9));
        assertThat(StreamSupport.stream(answer.path("deltas").spliterator(), false)
                        .map(delta -> delta.path("label").asString()))
                .contains("Input tokens/s", "Output tokens/s");
    }

    @Test
    void the_openapi_document_describes_the_new_fields() {
        JsonNode schemas =
                api.get("/v3/api-docs", key).json().path("components").path("schemas");

        assertThat(schemaWith(schemas, "inputTokensPerSecond", "requestsPerSecond", "errorRate", "t"))
                .isTrue();
        assertThat(schemaWith(
                        schemas,
                        "inputTokensPerSecond",
                        "outputTokensPerSecond",
                        "gpuUtilisationMean",
                        "gpuMemoryMean",
                        "waitingPerReplica"))
                .isTrue();
        assertThat(schemaWith(schemas, "inputTokensPerSecond", "outputTokensPerSecond", "kvCacheMean", "deployment"))
                .isTrue();
    }

    /** Whether some schema of the document has all these properties. */
    private static boolean schemaWith(JsonNode schemas, String... properties) {
        return StreamSupport.stream(schemas.spliterator(), false)
                .anyMatch(schema -> Arrays.stream(properties).allMatch(schema.path("properties")::has));
    }
}
