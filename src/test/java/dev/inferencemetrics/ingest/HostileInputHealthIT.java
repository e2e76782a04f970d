package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A barrage of hostile calls, one after another: each is refused with a client error, the process stays live and
 * ready, nothing of theirs is stored, and a valid batch afterwards is stored as usual.
 */
class HostileInputHealthIT extends ApiIntegrationTest {

    HostileInputHealthIT() {
        super("hostile");
    }

    @Test
    void hostile_calls_are_refused_the_service_stays_healthy_and_stores_only_valid_samples() {
        String deployment = tenant.deployment("target");
        String foreign = "qwen3-coder";
        long rowsBefore = storedRows();
        Instant now = clock.instant();

        List<Answer> answers = new ArrayList<>();
        for (Supplier<Answer> attack : attacks(deployment, foreign, now)) {
            answers.add(attack.get());
        }

        assertThat(answers).allSatisfy(answer -> assertThat(answer.status())
                .as("answer %s", answer.body())
                .isBetween(400, 499));
        IngestResult invalidOnly = api.accepted(post(key, "application/json", invalidSamples(deployment, now)));
        assertThat(invalidOnly.accepted()).isZero();
        assertThat(invalidOnly.rejected()).isEqualTo(5);
        assertThat(storedRows()).isEqualTo(rowsBefore);
        assertThat(api.get("/actuator/health/liveness", null).body()).contains("\"UP\"");
        assertThat(api.get("/actuator/health/readiness", null).body()).contains("\"UP\"");
        IngestResult valid = api.ingestRequests(
                key, deployment, List.of(RequestSampleJson.ok("after-the-storm", now.minusSeconds(5))));
        assertThat(valid.accepted()).isEqualTo(1);
        assertThat(storedRows()).isEqualTo(rowsBefore + 1);
    }

    private List<Supplier<Answer>> attacks(String deployment, String foreign, Instant now) {
        String sample =
                "{\"requestId\":\"%s\",\"ts\":\"%s\",\"ttftMs\":%s,\"e2eMs\":10,\"inputTokens\":1,\"outputTokens\":1}";
        // gzipped it is a few KiB on the wire and over the limit once decompressed (a bomb); the plain 6 MiB body is
        // refused before it is read, which HttpClient reports as a broken exchange: IngestBodyAnswersIT covers it
        String huge = "x".repeat(6 * 1024 * 1024);
        return List.of(
                () -> post(key, "application/json", "{\"deployment\":\"" + deployment + "\",\"samples\":["),
                () -> post(key, "application/json", body(deployment, sample.formatted("nan", now, "NaN"))),
                () -> post(key, "application/json", body(deployment, sample.formatted("inf", now, "Infinity"))),
                () -> post(key, "text/plain", body(deployment, sample.formatted("text", now, "1"))),
                () -> post(
                        key,
                        "application/json; charset=ISO-8859-1",
                        body(deployment, sample.formatted("l1", now, "1"))),
                () -> api.post(
                        HttpApi.INGEST_REQUESTS,
                        key,
                        "application/json",
                        java.net.http.HttpRequest.BodyPublishers.ofByteArray(
                                HttpApi.gzip(("{\"deployment\":\"" + deployment + "\",\"samples\":[\"" + huge + "\"]}")
                                        .getBytes(StandardCharsets.UTF_8))),
                        Map.of("Content-Encoding", "gzip")),
                () -> post(key, "application/json", body("no-such-deployment", sample.formatted("unknown", now, "1"))),
                () -> post(key, "application/json", body(foreign, sample.formatted("foreign", now, "1"))),
                () -> post("imk_notAKeyAtAll", "application/json", body(deployment, sample.formatted("k", now, "1"))),
                () -> post(null, "application/json", body(deployment, sample.formatted("nokey", now, "1"))));
    }

    private Answer post(String key, String contentType, String body) {
        return api.post(HttpApi.INGEST_REQUESTS, key, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    private static String invalidSamples(String deployment, Instant now) {
        String sample =
                "{\"requestId\":\"%s\",\"ts\":\"%s\",\"ttftMs\":%s,\"e2eMs\":10,\"inputTokens\":1,\"outputTokens\":1}";
        return body(
                deployment,
                sample.formatted("future", now.plus(Duration.ofDays(1)), "1"),
                sample.formatted("past", now.minus(Duration.ofDays(400)), "1"),
                sample.formatted("negative", now, "-3"),
                sample.formatted("x".repeat(500), now, "1"),
                sample.formatted("ttft-after-e2e", now, "50"));
    }

    private static String body(String deployment, String... samples) {
        return "{\"deployment\":\"" + deployment + "\",\"samples\":[" + String.join(",", samples) + "]}";
    }

    private long storedRows() {
        return context.getBean(OwnerJdbc.class)
                .jdbc()
                .queryForObject("select count(*) from request_sample", Long.class);
    }
}
