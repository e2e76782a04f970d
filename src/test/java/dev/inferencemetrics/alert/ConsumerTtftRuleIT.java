package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Who it is slow for: traffic where one consumer with enough requests is slow opens a ticket naming it, while a slow
 * consumer with fewer requests fires nothing on its own, and the objectives API lists every consumer outside the
 * TTFT objective with its exact requests.
 */
class ConsumerTtftRuleIT extends ApiIntegrationTest {

    private static final String RULE = "Consumer outside TTFT objective";

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    AlertService alerts;

    @Autowired
    Clock clock;

    ConsumerTtftRuleIT() {
        super("consumer-ttft-rule");
    }

    @Test
    void a_slow_consumer_with_enough_requests_opens_a_ticket_naming_it_and_a_small_one_fires_nothing() {
        String shared = tenant.deployment("shared");
        String quiet = tenant.deployment("quiet");
        Instant now = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        Instant start = now.minus(Duration.ofMinutes(30));
        for (String deployment : List.of(shared, quiet)) {
            assertThat(put(deployment, "/objectives/TTFT", "{\"targetPct\":95,\"thresholdMs\":500,\"enabled\":true}")
                            .status())
                    .isEqualTo(200);
            Answer rule = put(
                    deployment,
                    "/alert-rules/" + consumerRule(deployment).get("id").asLong(),
                    "{\"threshold\":20,\"clearBelow\":20,\"forDuration\":\"PT0S\",\"enabled\":true}");
            assertThat(rule.status()).as(rule.body()).isEqualTo(200);
        }
        send(shared, "acme", 30, 2_000, start);
        send(shared, "beta", 40, 100, start);
        send(shared, "gamma", 10, 3_000, start);
        send(quiet, "gamma", 10, 3_000, start);

        TenantScope scope = TenantScope.tenant(tenant.id());
        evaluator.evaluate(scope, now, () -> true);

        assertThat(consumerAlerts(scope, shared, now)).singleElement().satisfies(alert -> {
            assertThat(alert.state()).isEqualTo(AlertState.FIRING);
            assertThat(alert.severity()).isEqualTo(Severity.TICKET);
            assertThat(alert.value()).isEqualTo(30);
            assertThat(alert.reason()).startsWith("Outside the TTFT objective: acme (30 requests, 0.0 %");
            assertThat(alert.reason()).doesNotContain("beta", "gamma");
        });
        assertThat(consumerAlerts(scope, quiet, now)).isEmpty();

        JsonNode outside = get(shared, "/objectives/ttft/consumers?from=" + start + "&to=" + now.plusSeconds(60));
        assertThat(outside.get("total").asInt()).isEqualTo(2);
        assertThat(outside.get("targetPct").asDouble()).isEqualTo(95);
        assertThat(outside.get("consumers")
                        .valueStream()
                        .map(row -> row.get("consumer").asString() + ":"
                                + row.get("requests").asLong() + ":"
                                + row.get("compliancePct").asDouble())
                        .toList())
                .containsExactlyInAnyOrder("acme:30:0.0", "gamma:10:0.0");
        JsonNode busy =
                get(shared, "/objectives/ttft/consumers?minRequests=20&from=" + start + "&to=" + now.plusSeconds(60));
        assertThat(busy.get("consumers").valueStream().map(row -> row.get("consumer")
                        .asString()))
                .containsExactly("acme");
    }

    @Test
    void the_consumers_outside_the_objective_refuse_unusable_parameters() {
        String deployment = tenant.deployment("refusing");
        String base = "/api/v1/deployments/" + deployment + "/objectives/ttft/consumers";

        List<Answer> answers = List.of(
                api.get(base + "?limit=0", key),
                api.get(base + "?limit=many", key),
                api.get(base + "?minRequests=0", key),
                api.get(base + "?from=yesterday", key),
                api.get(base + "?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z", key));

        assertThat(answers)
                .allSatisfy(
                        answer -> assertThat(answer.status()).as(answer.body()).isEqualTo(400));
        assertThat(api.get("/api/v1/deployments/no-such/objectives/ttft/consumers", key)
                        .status())
                .isEqualTo(404);
    }

    /** {@code count} ok requests of the consumer, each with this TTFT, a second apart from {@code start}. */
    private void send(String deployment, String consumer, int count, double ttftMs, Instant start) {
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            samples.add(RequestSampleJson.ok(deployment + "-" + consumer + "-" + i, start.plusSeconds(i))
                    .ttft(ttftMs)
                    .e2e(ttftMs + 400)
                    .set("consumer", consumer));
        }
        assertThat(api.ingestRequests(key, deployment, samples).accepted()).isEqualTo(count);
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    private JsonNode consumerRule(String deployment) {
        return get(deployment, "/alert-rules")
                .valueStream()
                .filter(rule -> rule.get("kind").asString().equals("CONSUMER_TTFT"))
                .findFirst()
                .orElseThrow();
    }

    private List<AlertSummary> consumerAlerts(TenantScope scope, String deployment, Instant now) {
        return alerts
                .alerts(
                        scope,
                        new AlertFilter(
                                now.minus(Duration.ofHours(1)), now.plusSeconds(60), null, deployment, null, 100))
                .stream()
                .filter(alert -> alert.rule().equals(RULE))
                .toList();
    }

    private JsonNode get(String deployment, String path) {
        Answer answer = api.get("/api/v1/deployments/" + deployment + path, key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    private Answer put(String deployment, String path, String body) {
        return api.put("/api/v1/deployments/" + deployment + path, key, body.getBytes(StandardCharsets.UTF_8));
    }
}
