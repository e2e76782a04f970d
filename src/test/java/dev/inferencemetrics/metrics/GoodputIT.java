package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.metrics.GoodputFigures.BreachCount;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Goodput, token goodput and breaches by kind through the API, against requests planted in every category and the
 * counts computed from them by hand; then a change of the goodput SLO recounts them.
 */
class GoodputIT extends ApiIntegrationTest {

    GoodputIT() {
        super("goodput");
    }

    /** ttft ≤ 200 ms, time per output token ≤ 20 ms, E2E ≤ 2 s. */
    private static final String THRESHOLDS = "{\"ttftMs\":200,\"tpotMs\":20,\"e2elMs\":2000}";

    @Test
    void goodput_token_goodput_and_breaches_are_exact_counts_of_the_requests_sent() {
        String deployment = tenant.deployment("planted");
        assertThat(setGoodput(deployment, THRESHOLDS).status()).isEqualTo(200);
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(10));
        List<RequestSampleJson> sent = new ArrayList<>();
        // good: 3 × (TTFT 100, (500 − 100) ÷ (21 − 1) = 20 ms a token, E2E 500), 21 tokens each
        for (int i = 0; i < 3; i++) {
            sent.add(ok("good-" + i, minute, 100, 500, 21));
        }
        sent.add(ok("ttft-0", minute, 300, 800, 11));
        sent.add(ok("ttft-1", minute.plusSeconds(60), 300, 800, 11));
        sent.add(ok("itl-0", minute, 100, 1_900, 46)); // 40 ms a token
        sent.add(ok("e2e-0", minute.plusSeconds(60), 100, 2_500, 200)); // 12 ms a token, 2.5 s in all
        sent.add(ok("incomplete-0", minute, 100, 500, 21).set("finishReason", "length"));
        sent.add(ok("incomplete-1", minute, 100, 500, 21).set("finishReason", "length"));
        sent.add(RequestSampleJson.failed("timeout-0", minute, "timeout").tokens(100, 5));
        sent.add(RequestSampleJson.failed("error-0", minute, "error").tokens(100, 0));
        sent.add(RequestSampleJson.failed("cancelled-0", minute, "cancelled").tokens(100, 7));
        assertThat(api.ingestRequests(key, deployment, sent).accepted()).isEqualTo(12);

        GoodputFigures goodput = api.metrics(
                        key,
                        deployment,
                        minute.minus(Duration.ofMinutes(50)),
                        minute.plus(Duration.ofMinutes(10)),
                        null)
                .goodput();

        long allTokens = 3 * 21 + 2 * 11 + 46 + 200 + 2 * 21 + 5 + 0 + 7;
        assertThat(goodput.requests()).isEqualTo(12);
        assertThat(goodput.countedRequests()).isEqualTo(12);
        assertThat(goodput.goodRequests()).isEqualTo(3);
        assertThat(goodput.goodputPct()).isEqualTo(25.0);
        assertThat(goodput.countedOutputTokens()).isEqualTo(allTokens);
        assertThat(goodput.goodOutputTokens()).isEqualTo(63);
        assertThat(goodput.tokenGoodputPct()).isEqualTo(100.0 * 63 / allTokens);
        assertThat(goodput.goodRequestsPerSecond()).isEqualTo(3.0 / 3_600);
        assertThat(goodput.requestsPerSecond()).isEqualTo(12.0 / 3_600);
        assertThat(goodput.thresholds().ttftMs()).isEqualTo(200.0);
        assertThat(goodput.breaches().ttft()).isEqualTo(new BreachCount(2, 100.0 * 2 / 12));
        assertThat(goodput.breaches().itl()).isEqualTo(new BreachCount(1, 100.0 / 12));
        assertThat(goodput.breaches().e2e()).isEqualTo(new BreachCount(1, 100.0 / 12));
        assertThat(goodput.breaches().incomplete()).isEqualTo(new BreachCount(2, 100.0 * 2 / 12));
        assertThat(goodput.breaches().timeout()).isEqualTo(new BreachCount(1, 100.0 / 12));
        assertThat(goodput.breaches().error()).isEqualTo(new BreachCount(1, 100.0 / 12));
        assertThat(goodput.breaches().cancelled()).isEqualTo(new BreachCount(1, 100.0 / 12));
        // per interval: the first minute holds all but the second TTFT breach and the E2E breach
        GoodputFigures.GoodputPoint first = goodput.series().stream()
                .filter(point -> point.t().equals(minute))
                .findFirst()
                .orElseThrow();
        assertThat(first.goodRequestsPerSecond()).isEqualTo(3.0 / 60);
        assertThat(first.goodputPct()).isEqualTo(30.0);
        assertThat(first.breaches().ttft().count()).isEqualTo(1);
        assertThat(first.breaches().e2e().count()).isZero();
    }

    @Test
    void a_changed_goodput_slo_counts_the_kept_requests_again_and_says_from_when() {
        String deployment = tenant.deployment("recounted");
        assertThat(setGoodput(deployment, THRESHOLDS).status()).isEqualTo(200);
        Instant earlier = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        List<RequestSampleJson> sent = List.of(
                ok("fast", earlier, 100, 500, 21),
                ok("slow-start", earlier.plusSeconds(90), 300, 800, 11),
                ok("slow-tokens", earlier.plus(Duration.ofHours(1)), 100, 1_900, 46),
                ok("cut-short", earlier.plus(Duration.ofHours(2)), 100, 500, 21).set("finishReason", "LENGTH"));
        api.ingestRequests(key, deployment, sent);
        Instant from = earlier.minus(Duration.ofHours(1));
        Instant to = earlier.plus(Duration.ofHours(3));
        assertThat(api.metrics(key, deployment, from, to, null).goodput().goodRequests())
                .isEqualTo(1);

        Answer changed = setGoodput(deployment, "{\"ttftMs\":400}");

        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        JsonNode answer = changed.json();
        assertThat(answer.get("ttftMs").doubleValue()).isEqualTo(400.0);
        assertThat(answer.get("tpotMs").isNull()).isTrue();
        assertThat(Instant.parse(answer.get("countedFrom").stringValue())).isEqualTo(earlier);
        GoodputFigures goodput = api.metrics(key, deployment, from, to, null).goodput();
        assertThat(goodput.goodRequests()).isEqualTo(3);
        assertThat(goodput.countedRequests()).isEqualTo(4);
        assertThat(goodput.breaches().incomplete().count()).isEqualTo(1);
        assertThat(goodput.breaches().ttft().count()).isZero();
        assertThat(goodput.breaches().itl().count()).isZero();
        assertThat(goodput.countedFrom()).isEqualTo(earlier);
        // the half-hour rollups a 30-day window reads were counted again too
        GoodputFigures month = api.metrics(key, deployment, to.minus(Duration.ofDays(30)), to, null)
                .goodput();
        assertThat(month.goodRequests()).isEqualTo(3);
        assertThat(month.countedRequests()).isEqualTo(4);
    }

    @Test
    void a_changed_goodput_slo_counts_each_consumers_requests_again_folded_or_waiting() {
        String deployment = tenant.deployment("recounted-by-consumer");
        assertThat(setGoodput(deployment, THRESHOLDS).status()).isEqualTo(200);
        Instant earlier = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        api.ingestRequests(
                key,
                deployment,
                List.of(
                        ok("alpha-fast", earlier, 100, 500, 21).set("consumer", "alpha"),
                        ok("alpha-slow-start", earlier.plusSeconds(90), 300, 800, 11)
                                .set("consumer", "alpha")));
        // alpha's batch is folded into the stored dimension rollups; beta's waits
        context.getBean(DimensionDeltaFold.class).foldWaiting();
        api.ingestRequests(
                key,
                deployment,
                List.of(ok("beta-slow-start", earlier.plusSeconds(120), 300, 800, 11)
                        .set("consumer", "beta")));
        Instant from = earlier.minus(Duration.ofHours(1));
        Instant to = earlier.plus(Duration.ofHours(3));
        assertThat(consumerGoodput(deployment, "alpha", from, to).goodRequests())
                .isEqualTo(1);
        assertThat(consumerGoodput(deployment, "beta", from, to).goodRequests()).isZero();

        assertThat(setGoodput(deployment, "{\"ttftMs\":400}").status()).isEqualTo(200);

        for (Instant since : List.of(from, to.minus(Duration.ofDays(30)))) {
            GoodputFigures alpha = consumerGoodput(deployment, "alpha", since, to);
            assertThat(alpha.goodRequests()).as("alpha since %s", since).isEqualTo(2);
            assertThat(alpha.countedRequests()).isEqualTo(2);
            assertThat(alpha.breaches().ttft().count()).isZero();
            GoodputFigures beta = consumerGoodput(deployment, "beta", since, to);
            assertThat(beta.goodRequests()).as("beta since %s", since).isEqualTo(1);
            assertThat(beta.countedRequests()).isEqualTo(1);
        }
    }

    private GoodputFigures consumerGoodput(String deployment, String consumer, Instant from, Instant to) {
        Answer answer = api.get(
                "/api/v1/deployments/" + deployment + "/metrics?from=" + from + "&to=" + to + "&consumer=" + consumer,
                key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.as(DeploymentMetrics.class).goodput();
    }

    @Test
    void an_unusable_threshold_is_a_bad_request_with_a_reason() {
        String deployment = tenant.deployment("unusable");

        Answer answer = setGoodput(deployment, "{\"ttftMs\":-5}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).contains("TTFT");
    }

    @Test
    void an_unknown_finish_reason_form_is_rejected_with_the_sample() {
        String deployment = tenant.deployment("finish-reasons");
        Instant now = clock.instant().minusSeconds(60);

        var result = api.ingestRequests(
                key,
                deployment,
                List.of(
                        ok("fine", now, 100, 500, 21).set("finishReason", "tool_calls"),
                        ok("bad", now, 100, 500, 21).set("finishReason", "ran out!")));

        assertThat(result.accepted()).isEqualTo(1);
        assertThat(result.errors().getFirst().reason()).contains("finishReason");
    }

    @Test
    void the_openapi_document_describes_the_goodput_figures_and_the_goodput_slo() {
        JsonNode docs = api.get("/v3/api-docs", key).json();

        assertThat(docs.get("paths").has("/api/v1/deployments/{slug}/objectives/goodput"))
                .isTrue();
        JsonNode figures =
                docs.get("components").get("schemas").get("GoodputFigures").get("properties");
        assertThat(figures.has("goodputPct")).isTrue();
        assertThat(figures.has("tokenGoodputPct")).isTrue();
        assertThat(figures.has("breaches")).isTrue();
    }

    private Answer setGoodput(String deployment, String body) {
        return api.put("/api/v1/deployments/" + deployment + "/objectives/goodput", key, body.getBytes());
    }

    private static RequestSampleJson ok(String id, Instant ts, double ttft, double e2e, int outputTokens) {
        return RequestSampleJson.ok(id, ts)
                .ttft(ttft)
                .e2e(e2e)
                .without("tpotMs")
                .tokens(100, outputTokens);
    }
}
