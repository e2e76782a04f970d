package dev.inferencemetrics.slo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.alert.AlertEvaluator;
import dev.inferencemetrics.alert.AlertFilter;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.AlertState;
import dev.inferencemetrics.alert.AlertSummary;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OperatorKey;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Goodput as an objective kind through the objectives API and the provisioning API: set with a target and no
 * threshold, budgeted from the requests that were good by the goodput SLO, and paged on by its burn-rate rules.
 */
class GoodputObjectiveApiIT extends ApiIntegrationTest {

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    AlertService alerts;

    @Autowired
    Clock clock;

    GoodputObjectiveApiIT() {
        super("goodput-objective");
    }

    @Test
    void a_goodput_objective_takes_a_target_and_no_threshold() {
        String deployment = tenant.deployment("refusals");

        Answer threshold = put(deployment, "/objectives/GOODPUT", "{\"targetPct\":90,\"thresholdMs\":300}");
        Answer target = put(deployment, "/objectives/GOODPUT", "{\"targetPct\":100,\"enabled\":true}");
        Answer unknown = put(deployment, "/objectives/THROUGHPUT", "{\"targetPct\":90}");
        Answer set = put(deployment, "/objectives/GOODPUT", "{\"targetPct\":97.5,\"enabled\":true}");

        assertThat(threshold.status()).isEqualTo(400);
        assertThat(threshold.body()).contains("goodput takes no threshold");
        assertThat(target.status()).isEqualTo(400);
        assertThat(target.body()).contains("target must lie between 0 and 100 %");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("kind must be TTFT, ITL, E2E, AVAILABILITY or GOODPUT");
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        JsonNode goodput = objective(objectives(deployment), "GOODPUT");
        assertThat(goodput.get("targetPct").asDouble()).isEqualTo(97.5);
        assertThat(goodput.get("thresholdMs").isNull()).isTrue();
        assertThat(goodput.get("enabled").asBoolean()).isTrue();
    }

    @Test
    void its_budget_counts_the_requests_good_by_the_goodput_slo_and_a_total_regression_pages_within_minutes() {
        String deployment = tenant.deployment("budgeted");
        Instant now = clock.instant();
        assertThat(objectives(deployment))
                .as("off until set")
                .noneMatch(objective -> objective.get("kind").asString().equals("GOODPUT"));
        put(deployment, "/objectives/GOODPUT", "{\"targetPct\":90,\"enabled\":true}");
        // within the default goodput SLO (TTFT 500 ms, ITL 250 ms) or not: 8 good, 4 slow, 1 failed
        List<RequestSampleJson> requests = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            requests.add(RequestSampleJson.ok("good-" + i, now.minusSeconds(600 - i)));
        }
        for (int i = 0; i < 4; i++) {
            requests.add(
                    RequestSampleJson.ok("slow-" + i, now.minusSeconds(50 - i)).ttft(900));
        }
        requests.add(RequestSampleJson.failed("failed", now.minusSeconds(40), "error"));
        api.ingestRequests(key, deployment, requests);

        JsonNode budget = budget(deployment, "GOODPUT");
        List<String> rules = new ArrayList<>();
        api.get("/api/v1/deployments/" + deployment + "/alert-rules", key)
                .json()
                .forEach(rule -> rules.add(rule.get("name").asString()));
        TenantScope scope = TenantScope.tenant(tenant.id());
        evaluator.evaluate(scope, now, () -> true);
        List<AlertSummary> firing = alerts.alerts(
                scope,
                new AlertFilter(now.minus(Duration.ofHours(1)), now.plusSeconds(60), null, deployment, null, 100));

        assertThat(budget.get("counts").get("good").asLong()).isEqualTo(8);
        assertThat(budget.get("counts").get("total").asLong()).isEqualTo(13);
        assertThat(rules)
                .contains("Goodput sudden burn", "Goodput fast burn", "Goodput slow burn", "Goodput budget burn");
        // the last 2 minutes are all bad (10× burn, the largest a 90 % objective has) and the last 15 minutes 5/13
        // bad (3.8×): under the sudden burn's reachable 5× over 15 minutes, so only a longer regression pages
        assertThat(firing).extracting(AlertSummary::rule).doesNotContain("Goodput sudden burn");

        List<RequestSampleJson> regression = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            regression.add(RequestSampleJson.ok("regressed-" + i, now.minusSeconds(30 - i))
                    .ttft(900));
        }
        api.ingestRequests(key, deployment, regression);
        evaluator.evaluate(scope, now, () -> true);

        assertThat(alerts.alerts(
                        scope,
                        new AlertFilter(
                                now.minus(Duration.ofHours(1)), now.plusSeconds(60), null, deployment, null, 100)))
                .filteredOn(alert -> alert.rule().equals("Goodput sudden burn"))
                .singleElement()
                .satisfies(alert -> {
                    assertThat(alert.state()).isEqualTo(AlertState.FIRING);
                    // 15 bad of 23 over 15 minutes: 6.5×, at or over the 5× a 90 % objective is paged at
                    assertThat(alert.value()).isGreaterThanOrEqualTo(5);
                });
    }

    @Test
    void provisioning_sets_the_goodput_target_and_leaves_the_thresholds_as_they_are() {
        String admin = OperatorKey.create(context, "operator");
        String slug =
                "goodput-prov-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        String body = "{\"tenant\":\"" + tenant.slug() + "\",\"displayName\":\"Goodput\",\"model\":\"m\","
                + "\"engine\":\"vLLM\",\"region\":\"r\",\"goodput\":{\"ttftMs\":700,\"tpotMs\":40}}";

        Answer created = api.put("/api/v1/deployments/" + slug, admin, body.getBytes(StandardCharsets.UTF_8));
        Answer targeted = api.put(
                "/api/v1/deployments/" + slug,
                admin,
                body.replace("{\"ttftMs\":700,\"tpotMs\":40}", "{\"targetPct\":95}")
                        .getBytes(StandardCharsets.UTF_8));
        Answer refused = api.put(
                "/api/v1/deployments/" + slug,
                admin,
                body.replace("{\"ttftMs\":700,\"tpotMs\":40}", "{\"targetPct\":0}")
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(targeted.status()).as(targeted.body()).isEqualTo(200);
        assertThat(targeted.json().get("goodput").get("ttftMs").asDouble()).isEqualTo(700);
        assertThat(targeted.json().get("goodput").get("tpotMs").asDouble()).isEqualTo(40);
        JsonNode goodput = objective(objectives(slug), "GOODPUT");
        assertThat(goodput.get("targetPct").asDouble()).isEqualTo(95);
        assertThat(goodput.get("enabled").asBoolean()).isTrue();
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("target must lie between 0 and 100 %");
    }

    private Answer put(String deployment, String path, String body) {
        return api.put("/api/v1/deployments/" + deployment + path, key, body.getBytes(StandardCharsets.UTF_8));
    }

    private JsonNode objectives(String deployment) {
        Answer answer = api.get("/api/v1/deployments/" + deployment + "/objectives", key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    private JsonNode budget(String deployment, String kind) {
        Answer answer = api.get("/api/v1/deployments/" + deployment + "/budgets", key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        for (JsonNode report : answer.json()) {
            if (report.get("budget").get("objective").get("kind").asString().equals(kind)) {
                return report.get("budget");
            }
        }
        throw new AssertionError("no " + kind + " budget in " + answer.body());
    }

    private static JsonNode objective(JsonNode objectives, String kind) {
        for (JsonNode objective : objectives) {
            if (objective.get("kind").asString().equals(kind)) {
                return objective;
            }
        }
        throw new AssertionError("no " + kind + " objective in " + objectives);
    }
}
