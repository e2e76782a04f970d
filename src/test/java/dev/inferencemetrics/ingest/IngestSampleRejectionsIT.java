package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Invalid samples are refused one by one with a reason, while the valid samples of the same batch are stored. */
class IngestSampleRejectionsIT extends ApiIntegrationTest {

    IngestSampleRejectionsIT() {
        super("rejections");
    }

    @Test
    void each_invalid_sample_is_rejected_with_its_reason_and_the_valid_ones_are_stored() {
        String deployment = tenant.deployment("mixed");
        Instant now = clock.instant();
        Instant ts = now.minusSeconds(120);
        Map<RequestSampleJson, String> batch = new LinkedHashMap<>();
        batch.put(RequestSampleJson.ok("valid-ok", ts).tokens(100, 10), "");
        batch.put(RequestSampleJson.ok("negative-ttft", ts).ttft(-1), "ttftMs must not be negative");
        batch.put(RequestSampleJson.ok("negative-e2e", ts).e2e(-0.5).ttft(0), "e2eMs must not be negative");
        batch.put(RequestSampleJson.ok("negative-gap", ts).itl(12, -3), "itlMs[1] must not be negative");
        batch.put(RequestSampleJson.ok("ttft-after-e2e", ts).ttft(500).e2e(400), "ttftMs must not exceed e2eMs");
        batch.put(RequestSampleJson.ok("far-future", now.plus(Duration.ofMinutes(11))), "in the future");
        batch.put(RequestSampleJson.ok("far-past", now.minus(Duration.ofDays(15))), "older than the raw-sample");
        batch.put(RequestSampleJson.ok("bad-ts", ts).set("ts", "yesterday at noon"), "ts must be an ISO-8601");
        batch.put(RequestSampleJson.ok("unknown-status", ts).set("status", "exploded"), "status must be one of");
        batch.put(RequestSampleJson.ok("x".repeat(129), ts), "requestId is longer than 128");
        batch.put(RequestSampleJson.ok("both-itl-and-tpot", ts).itl(10, 11).set("tpotMs", 10.5), "either itlMs");
        batch.put(RequestSampleJson.ok("too-many-gaps", ts).tokens(10, 2).itl(1, 2, 3), "more gaps than");
        batch.put(
                RequestSampleJson.ok("overflowing-ttft", ts).set("ttftMs", new BigDecimal("1e400")),
                "ttftMs must be finite");
        batch.put(RequestSampleJson.ok("text-ttft", ts).set("ttftMs", "fast"), "ttftMs must be a number");
        batch.put(RequestSampleJson.ok("negative-tokens", ts).tokens(-1, 10), "inputTokens must not be negative");
        batch.put(
                RequestSampleJson.ok("fractional-tokens", ts).set("outputTokens", 1.5), "outputTokens must be a whole");
        batch.put(RequestSampleJson.ok("ok-without-e2e", ts).without("e2eMs"), "needs ttftMs and e2eMs");
        batch.put(RequestSampleJson.ok("no-id", ts).without("requestId"), "requestId is required");
        batch.put(RequestSampleJson.failed("valid-timeout", ts, "timeout"), "");
        batch.put(
                RequestSampleJson.ok("valid-near-future", now.plus(Duration.ofMinutes(8)))
                        .tokens(7, 3),
                "");
        batch.put(RequestSampleJson.ok("x".repeat(128), ts).tokens(1, 1), "");

        HttpApi.Answer answer = api.post(
                HttpApi.INGEST_REQUESTS, key, HttpApi.JSON, api.batch(deployment, new ArrayList<>(batch.keySet())));
        IngestResult result = api.accepted(answer);

        List<String> reasons = new ArrayList<>(batch.values());
        List<Integer> invalid = new ArrayList<>();
        for (int i = 0; i < reasons.size(); i++) {
            if (!reasons.get(i).isEmpty()) {
                invalid.add(i);
            }
        }
        assertThat(result.accepted()).isEqualTo(4);
        assertThat(result.rejected()).isEqualTo(invalid.size());
        assertThat(result.duplicates()).isZero();
        assertThat(result.errors()).extracting(Rejection::index).containsExactlyElementsOf(invalid);
        for (Rejection rejection : result.errors()) {
            assertThat(rejection.reason())
                    .as("reason for sample %d", rejection.index())
                    .contains(reasons.get(rejection.index()));
        }
        assertThat(tenant.storedRequestIds(deployment))
                .containsExactly("valid-near-future", "valid-ok", "valid-timeout", "x".repeat(128));
        DeploymentMetrics.Summary summary = api.metrics(
                        key, deployment, now.minus(Duration.ofHours(1)), now.plus(Duration.ofMinutes(15)), "60")
                .summary();
        assertThat(summary.requests()).isEqualTo(4);
        assertThat(summary.errors()).isEqualTo(1);
        assertThat(summary.inputTokens()).isEqualTo(100 + 500 + 7 + 1);
        assertThat(summary.outputTokens()).isEqualTo(10 + 0 + 3 + 1);
        assertThat(summary.ttft().count()).isEqualTo(3);
    }

    @Test
    void a_sample_that_is_not_an_object_is_rejected_and_the_rest_is_stored() {
        String deployment = tenant.deployment("not-objects");
        Instant ts = clock.instant().minusSeconds(60);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("deployment", deployment);
        body.put("samples", List.of("a string", RequestSampleJson.ok("kept", ts).toJson(), List.of(1, 2), 42));

        IngestResult result =
                api.accepted(api.post(HttpApi.INGEST_REQUESTS, key, HttpApi.JSON, json.writeValueAsBytes(body)));

        assertThat(result.accepted()).isEqualTo(1);
        assertThat(result.errors())
                .extracting(Rejection::index, Rejection::reason)
                .containsExactly(
                        tuple(0, "a sample must be a JSON object"),
                        tuple(2, "a sample must be a JSON object"),
                        tuple(3, "a sample must be a JSON object"));
        assertThat(tenant.storedRequestIds(deployment)).containsExactly("kept");
    }

    @Test
    void a_batch_of_only_invalid_samples_stores_nothing_and_says_why() {
        String deployment = tenant.deployment("all-invalid");
        Instant ts = clock.instant().minusSeconds(60);

        IngestResult result = api.ingestRequests(
                key,
                deployment,
                List.of(
                        RequestSampleJson.ok("a", ts).ttft(-5),
                        RequestSampleJson.ok("b", ts).set("status", "OK")));

        assertThat(result.accepted()).isZero();
        assertThat(result.rejected()).isEqualTo(2);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }
}
