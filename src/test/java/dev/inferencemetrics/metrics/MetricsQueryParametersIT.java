package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** The window and step of a metrics query: the defaults, and that unusable ones are a 400 with a reason. */
class MetricsQueryParametersIT extends ApiIntegrationTest {

    MetricsQueryParametersIT() {
        super("query-parameters");
    }

    Stream<Arguments> badMetricsQueries() {
        String to = now().toString();
        String from = now().minusSeconds(3600).toString();
        return Stream.of(
                Arguments.of("from after to", "from=" + to + "&to=" + from),
                Arguments.of("from not an instant", "from=yesterday&to=" + to),
                Arguments.of("to not an instant", "from=" + from + "&to=2026-13-45"),
                Arguments.of("a step below a minute", "from=" + from + "&to=" + to + "&step=30"),
                Arguments.of("a step not a whole number of minutes", "from=" + from + "&to=" + to + "&step=PT90S"),
                Arguments.of("a step that is no duration", "from=" + from + "&to=" + to + "&step=often"),
                Arguments.of("too many points", "from=" + now().minus(Duration.ofDays(7)) + "&to=" + to + "&step=60"),
                Arguments.of("a window over 400 days", "from=" + now().minus(Duration.ofDays(401)) + "&to=" + to));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badMetricsQueries")
    void a_bad_metrics_query_is_a_bad_request(String what, String query) {
        String deployment = tenant.deployment("bad-query");

        Answer answer = api.get("/api/v1/deployments/" + deployment + "/metrics?" + query.replace("+", "%2B"), key);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(strings = {"metrics", "heatmap"})
    void the_openapi_document_describes_from_to_and_step_as_optional_query_parameters(String read) {
        JsonNode parameters = api.get("/v3/api-docs", key)
                .json()
                .path("paths")
                .path("/api/v1/deployments/{slug}/" + read)
                .path("get")
                .path("parameters");

        for (String name : new String[] {"from", "to", "step"}) {
            JsonNode parameter = StreamSupport.stream(parameters.spliterator(), false)
                    .filter(p -> p.path("name").asString().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(name + " is not documented for /" + read));
            assertThat(parameter.path("in").asString()).isEqualTo("query");
            assertThat(parameter.path("required").asBoolean()).isFalse();
            assertThat(parameter.path("description").asString()).contains("ISO-8601");
        }
    }

    @Test
    void without_from_and_to_the_window_is_the_last_hour_in_one_minute_steps() {
        String deployment = tenant.deployment("default-window");
        Instant before = now();

        DeploymentMetrics metrics =
                api.get("/api/v1/deployments/" + deployment + "/metrics", key).as(DeploymentMetrics.class);

        assertThat(metrics.stepSeconds()).isEqualTo(60);
        assertThat(metrics.to()).isAfterOrEqualTo(before.truncatedTo(ChronoUnit.MINUTES));
        assertThat(metrics.from()).isBeforeOrEqualTo(metrics.to().minus(Duration.ofHours(1)));
        assertThat(metrics.series().ttft()).hasSizeBetween(60, 61);
    }

    Stream<Arguments> defaultSteps() {
        return Stream.of(
                Arguments.of(Duration.ofHours(1), 60),
                Arguments.of(Duration.ofHours(6), 60),
                Arguments.of(Duration.ofHours(24), 300),
                Arguments.of(Duration.ofDays(7), 1800),
                Arguments.of(Duration.ofDays(30), 7200),
                Arguments.of(Duration.ofDays(90), 21_600));
    }

    @ParameterizedTest(name = "{0} → {1} s")
    @MethodSource("defaultSteps")
    void without_a_step_the_step_follows_the_window(Duration window, long stepSeconds) {
        String deployment = tenant.deployment("default-step");
        Instant to = now();

        DeploymentMetrics metrics = api.metrics(key, deployment, to.minus(window), to, null);

        assertThat(metrics.stepSeconds()).isEqualTo(stepSeconds);
        assertThat(metrics.series().ttft()).hasSizeBetween(60, 361);
    }

    private Instant now() {
        return clock.instant();
    }
}
