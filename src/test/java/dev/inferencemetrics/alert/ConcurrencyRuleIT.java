package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.capacity.ConcurrencySource;
import dev.inferencemetrics.demo.DemoHistory;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The early warning on requests in flight: a deployment fed six hours of the demo Llama's traffic (load rising and
 * falling each hour against a server that queues at its peaks) has a knee, and its concurrency rule fires at the
 * peaks and resolves in the troughs; a deployment without traffic has no knee, says so, and never fires.
 */
class ConcurrencyRuleIT extends ApiIntegrationTest {

    private static final String RULE = "Requests in flight past scaling point";

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    AlertService alerts;

    @Autowired
    Clock clock;

    ConcurrencyRuleIT() {
        super("concurrency-rule");
    }

    @Test
    void a_queue_at_the_peaks_crosses_the_scaling_point_and_the_rule_fires_then_resolves_in_the_trough() {
        String slug = tenant.deployment("queueing");
        Instant to = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        DemoHistory.ingestAs(deployments, ingest, "llama-3-1-70b", slug, to, to.minus(Duration.ofHours(6)), to);
        TenantScope scope = TenantScope.tenant(tenant.id());
        DeploymentRef deployment = deployments.require(scope, slug);

        Answer answer = api.get("/api/v1/deployments/" + slug + "/scaling-point", key);
        for (Instant at = to.minus(Duration.ofHours(2)); !at.isAfter(to); at = at.plus(Duration.ofMinutes(1))) {
            evaluator.evaluate(List.of(deployment), at, () -> true);
        }
        List<AlertSummary> warnings = alerts
                .alerts(
                        scope,
                        new AlertFilter(to.minus(Duration.ofHours(3)), to.plusSeconds(60), null, slug, null, 100))
                .stream()
                .filter(alert -> alert.rule().equals(RULE))
                .toList();

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode point = answer.json();
        assertThat(point.get("source").asString()).isEqualTo(ConcurrencySource.LITTLES_LAW.name());
        assertThat(point.get("concurrency").asDouble())
                .isCloseTo(0.75 * point.get("knee").asDouble(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(point.get("note").asString()).startsWith("Tail latency climbs above ~");
        assertThat(warnings).as("fired at a peak").anySatisfy(alert -> {
            assertThat(alert.firedAt()).isNotNull();
            assertThat(alert.peakValue()).isGreaterThanOrEqualTo(100);
            assertThat(alert.severity()).isEqualTo(Severity.TICKET);
        });
        assertThat(warnings).as("resolved in a trough").anySatisfy(alert -> {
            assertThat(alert.state()).isEqualTo(AlertState.RESOLVED);
            assertThat(alert.value()).isLessThan(90);
        });
    }

    @Test
    void without_a_knee_the_rule_says_why_and_never_fires() {
        String slug = tenant.deployment("quiet");
        TenantScope scope = TenantScope.tenant(tenant.id());
        Instant now = clock.instant();

        Answer answer = api.get("/api/v1/deployments/" + slug + "/scaling-point", key);
        evaluator.evaluate(List.of(deployments.require(scope, slug)), now, () -> true);

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json().get("concurrency").isNull()).isTrue();
        assertThat(answer.json().get("knee").isNull()).isTrue();
        assertThat(answer.json().get("note").asString())
                .startsWith("No knee found, so this rule does not fire: Too little traffic to find a knee");
        assertThat(alerts.rules(scope, slug))
                .filteredOn(rule -> rule.name().equals(RULE))
                .singleElement();
        assertThat(alerts.alerts(
                        scope,
                        new AlertFilter(now.minus(Duration.ofHours(1)), now.plusSeconds(60), null, slug, null, 100)))
                .noneMatch(alert -> alert.rule().equals(RULE));
        Answer unknown = api.get("/api/v1/deployments/no-such-deployment/scaling-point", key);
        assertThat(unknown.status()).isEqualTo(404);
    }
}
