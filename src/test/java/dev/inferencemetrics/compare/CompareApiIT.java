package dev.inferencemetrics.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** {@code GET /api/v1/compare}: a slow half hour against the calm one after it, defaults, and every refusal. */
class CompareApiIT extends ApiIntegrationTest {

    CompareApiIT() {
        super("compare-api");
    }

    private String deployment;
    private String calm;
    private Instant burst;

    @BeforeAll
    void aSlowHalfHourThenACalmOne() {
        deployment = tenant.deployment("compare");
        calm = tenant.deployment("compare-calm");
        burst = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
        SplittableRandom random = new SplittableRandom(17);
        api.ingestRequests(key, deployment, samples("burst", burst, 600, 400, 12, random));
        api.ingestRequests(key, deployment, samples("after", burst.plus(Duration.ofMinutes(30)), 300, 100, 1, random));
        api.ingestRequests(key, calm, samples("calm", burst, 300, 100, 1, random));
    }

    @Test
    void the_burst_has_the_higher_ttft_p99_beyond_the_noise() {
        Instant after = burst.plus(Duration.ofMinutes(30));
        JsonNode answer = compare("a=" + deployment + "&aFrom=" + burst + "&aTo=" + after + "&bFrom=" + after + "&bTo="
                        + after.plus(Duration.ofMinutes(30)))
                .json();

        assertThat(answer.path("offsetSeconds").asLong()).isEqualTo(1800);
        assertThat(answer.path("a").path("requests").asLong()).isEqualTo(600);
        assertThat(answer.path("b").path("requests").asLong()).isEqualTo(300);
        assertThat(answer.path("a").path("errors").asLong()).isEqualTo(12);
        assertThat(answer.path("b").path("deployment").asString()).isEqualTo(deployment);
        JsonNode p99 = delta(answer, "ttft.p99");
        assertThat(p99.path("a").asDouble()).isGreaterThan(3 * p99.path("b").asDouble());
        assertThat(p99.path("verdict").asString()).isEqualTo("BEYOND_NOISE");
        assertThat(p99.path("outcome").asString()).isEqualTo("BETTER");
        assertThat(p99.path("test").asString()).contains("rank intervals");
        assertThat(delta(answer, "requestsPerSecond").path("verdict").asString())
                .isEqualTo("BEYOND_NOISE");
        assertThat(delta(answer, "errorRate").path("a").asDouble()).isEqualTo(12 / 600.0);
        assertThat(delta(answer, "kvCacheMean").path("verdict").asString()).isEqualTo("NO_DATA");
    }

    @Test
    void two_deployments_are_compared_over_the_same_window_by_default() {
        Instant to = burst.plus(Duration.ofMinutes(30));
        JsonNode answer = compare("a=" + deployment + "&b=" + calm + "&aFrom=" + burst + "&aTo=" + to)
                .json();

        assertThat(answer.path("offsetSeconds").asLong()).isZero();
        assertThat(answer.path("b").path("deployment").asString()).isEqualTo(calm);
        assertThat(answer.path("b").path("from").asString()).isEqualTo(burst.toString());
        assertThat(delta(answer, "ttft.p50").path("outcome").asString()).isEqualTo("BETTER");
    }

    @Test
    void both_sides_and_the_deltas_carry_goodput_counted_from_the_requests_sent() {
        String judged = tenant.deployment("compare-goodput");
        HttpApi.Answer set = api.put(
                "/api/v1/deployments/" + judged + "/objectives/goodput",
                key,
                "{\"ttftMs\":200,\"tpotMs\":20,\"e2elMs\":2000}".getBytes());
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        Instant a = burst;
        Instant b = burst.plus(Duration.ofMinutes(30));
        // A: 3 good (TTFT 100, 20 ms a token, 21 tokens) and 1 over its TTFT; B: 1 good and 1 over its TTFT
        api.ingestRequests(
                key,
                judged,
                List.of(
                        judgedSample("a-good-0", a, 100, 500, 21),
                        judgedSample("a-good-1", a.plusSeconds(60), 100, 500, 21),
                        judgedSample("a-good-2", a.plusSeconds(120), 100, 500, 21),
                        judgedSample("a-slow", a.plusSeconds(180), 300, 800, 11),
                        judgedSample("b-good", b.plusSeconds(60), 100, 500, 21),
                        judgedSample("b-slow", b.plusSeconds(120), 300, 800, 11)));

        JsonNode answer = compare("a=" + judged + "&aFrom=" + a + "&aTo=" + b + "&bFrom=" + b + "&bTo="
                        + b.plus(Duration.ofMinutes(30)))
                .json();

        assertThat(answer.path("a").path("goodRequests").asLong()).isEqualTo(3);
        assertThat(answer.path("a").path("countedRequests").asLong()).isEqualTo(4);
        assertThat(answer.path("a").path("goodputPct").asDouble()).isEqualTo(75.0);
        assertThat(answer.path("a").path("tokenGoodputPct").asDouble()).isEqualTo(100.0 * 63 / 74);
        assertThat(answer.path("a").path("goodRequestsPerSecond").asDouble()).isEqualTo(3.0 / 1_800);
        assertThat(answer.path("b").path("goodputPct").asDouble()).isEqualTo(50.0);
        assertThat(answer.path("b").path("tokenGoodputPct").asDouble()).isEqualTo(100.0 * 21 / 32);
        assertThat(answer.path("a").path("outputTokensPerSecond").asDouble()).isEqualTo(74.0 / 1_800);
        assertThat(answer.path("a").path("inputTokensPerSecond").asDouble()).isEqualTo(400.0 / 1_800);
        JsonNode goodput = delta(answer, "goodputPct");
        assertThat(goodput.path("change").asDouble()).isEqualTo(-25.0);
        assertThat(goodput.path("test").asString()).contains("two-proportion");
        assertThat(delta(answer, "goodRequestsPerSecond").path("b").asDouble()).isEqualTo(1.0 / 1_800);
        assertThat(delta(answer, "tokenGoodputPct").path("verdict").asString()).isEqualTo("NOT_TESTED");
    }

    private static RequestSampleJson judgedSample(String id, Instant ts, double ttft, double e2e, int outputTokens) {
        return RequestSampleJson.ok(id, ts)
                .ttft(ttft)
                .e2e(e2e)
                .without("tpotMs")
                .tokens(100, outputTokens);
    }

    Stream<Arguments> badComparisons() {
        Instant now = clock.instant();
        String a = "a=" + tenant.deployment("compare");
        return Stream.of(
                Arguments.of("no deployment", "aFrom=" + now.minusSeconds(3600)),
                Arguments.of("a blank deployment", "a=%20"),
                Arguments.of("A's window inverted", a + "&aFrom=" + now + "&aTo=" + now.minusSeconds(3600)),
                Arguments.of("B's window inverted", a + "&bFrom=" + now + "&bTo=" + now.minusSeconds(3600)),
                Arguments.of(
                        "B's window over 400 days", a + "&bFrom=" + now.minus(Duration.ofDays(401)) + "&bTo=" + now),
                Arguments.of("aFrom not an instant", a + "&aFrom=yesterday"),
                Arguments.of("bTo not an instant", a + "&bFrom=" + now + "&bTo=2026-13-45"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badComparisons")
    void a_bad_comparison_is_a_bad_request(String what, String query) {
        Answer answer = compare(query);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail()).isNotBlank();
    }

    @Test
    void an_unknown_deployment_on_either_side_is_not_found() {
        assertThat(compare("a=no-such-deployment").status()).isEqualTo(404);
        assertThat(compare("a=" + deployment + "&b=no-such-deployment").status())
                .isEqualTo(404);
    }

    @Test
    void another_tenants_deployment_on_either_side_is_forbidden() {
        String foreign = TestTenant.create(context, "compare-api-other").deployment("theirs");

        assertThat(compare("a=" + foreign).status()).isEqualTo(403);
        assertThat(compare("a=" + deployment + "&b=" + foreign).status()).isEqualTo(403);
    }

    private Answer compare(String query) {
        return api.get("/api/v1/compare?" + query.replace("+", "%2B"), key);
    }

    private static JsonNode delta(JsonNode answer, String figure) {
        for (JsonNode delta : answer.path("deltas")) {
            if (delta.path("figure").asString().equals(figure)) {
                return delta;
            }
        }
        throw new AssertionError("no delta " + figure + " in " + answer);
    }

    /** {@code n} requests spread over half an hour, TTFT around {@code ttftMs}, the first {@code failed} failed. */
    private static List<RequestSampleJson> samples(
            String prefix, Instant from, int n, double ttftMs, int failed, SplittableRandom random) {
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Instant ts = from.plusMillis(i * 1_800_000L / n);
            if (i < failed) {
                samples.add(RequestSampleJson.failed(prefix + "-" + i, ts, "error"));
            } else {
                double ttft = ttftMs * (0.5 + random.nextDouble());
                samples.add(
                        RequestSampleJson.ok(prefix + "-" + i, ts).ttft(ttft).e2e(ttft + 1_100));
            }
        }
        return samples;
    }
}
