package dev.inferencemetrics.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Parameters a client may send that no parse or calculation can hold — huge steps and spreads, instants and dates at
 * the ends of time, NUL characters — are a 400 problem that says what to fix, never a server error, a redirect to
 * the login page or an empty 403.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadParameterAnswersIT extends ApiIntegrationTest {

    private static final byte[] ONE_RECORD = "[{\"ttft_s\":0.1}]".getBytes(StandardCharsets.UTF_8);

    BadParameterAnswersIT() {
        super("bad-parameters");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "step=PT2562047788015215H | step may be at most 400 days",
                "step=-60 | step must be an ISO-8601 duration",
                "from=%2B1000000000-12-31T00:00:00Z&to=%2B1000000000-12-31T23:59:59Z | to must lie between",
                "from=2026-11-01T00:00:00Z&to=%2B1000000000-12-31T23:59:59Z | to must lie between",
                "from=-1000000000-01-01T00:00:00Z | from must lie between"
            })
    void a_metrics_query_beyond_what_can_be_computed_is_a_400_with_a_plain_reason(String query, String reason) {
        Answer answer = api.get("/api/v1/deployments/" + tenant.deployment("bounds") + "/metrics?" + query, key);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail()).startsWith(reason);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "from=%2B999999999-12-01 | from must be a date between",
                "from=2026-01-01&to=%2B999999999-12-01 | to must be a date between",
                "from=-999999999-01-01 | from must be a date between"
            })
    void a_usage_export_at_the_ends_of_time_is_a_400_with_a_plain_reason(String query, String reason) {
        Answer answer = api.get("/api/v1/usage?format=csv&" + query, key);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail()).startsWith(reason);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "spread=9223372036854775807 | spread must be between 1 second and 14 days",
                "spread=-PT1M | spread must be between 1 second and 14 days",
                "spread=PT0S | spread must be between 1 second and 14 days",
                "start=%2B1000000000-12-31T00:00:00Z | start must lie between"
            })
    void a_benchmark_import_with_an_unusable_spread_or_start_is_a_400_with_a_plain_reason(String query, String reason) {
        Answer answer = api.post(
                "/api/v1/ingest/benchmark?format=llmperf&deployment=" + tenant.deployment("import-bounds") + "&"
                        + query,
                key,
                HttpApi.JSON,
                ONE_RECORD);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail()).startsWith(reason);
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void a_nul_character_in_a_deployment_name_is_a_400_with_a_plain_reason_and_one_log_line(CapturedOutput log) {
        Answer imported =
                api.post("/api/v1/ingest/benchmark?format=llmperf&deployment=a%00b", key, HttpApi.JSON, ONE_RECORD);
        Answer ingested = api.post(
                HttpApi.INGEST_REQUESTS,
                key,
                HttpApi.JSON,
                "{\"deployment\":\"a\\u0000b\",\"samples\":[]}".getBytes(StandardCharsets.UTF_8));

        assertThat(imported.status()).as(imported.toString()).isEqualTo(400);
        assertThat(imported.detail()).isEqualTo("Text must not contain NUL characters.");
        assertThat(ingested.status()).as(ingested.toString()).isEqualTo(400);
        assertThat(ingested.detail()).isEqualTo("Text must not contain NUL characters.");
        assertThat(log.getAll())
                .contains("API call refused by the database: Text must not contain NUL characters.")
                .doesNotContain("\tat ");
    }
}
