package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * A deployment whose engines report requests waiting gets the waiting rule at the first evaluation that sees the
 * gauge, and the rule fires from the stored gauge rollups after its "for", stays firing while the queue hovers
 * between its clear level and its threshold, and resolves once the queue drains.
 */
@IntegrationTest
class WaitingRuleIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    AlertService alerts;

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    EngineGaugeRollupStore gauges;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    Clock clock;

    @Test
    void a_growing_queue_fires_the_waiting_rule_once_and_it_resolves_when_the_queue_drains() {
        TestTenant tenant = TestTenant.create(context, "waiting");
        String deployment = tenant.deployment("chat");
        TenantScope scope = TenantScope.tenant(tenant.id());
        long deploymentId = alerts.rules(scope, deployment).getFirst().deploymentId();
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(40));
        boolean ruleBefore = alerts.rules(scope, deployment).stream().anyMatch(this::waiting);

        waiting(tenant.id(), deploymentId, start, -5, 10, 12);
        evaluator.evaluate(scope, start, () -> true);
        evaluator.evaluate(scope, start.plus(Duration.ofMinutes(10)), () -> true);
        waiting(tenant.id(), deploymentId, start, 11, 20, 6);
        evaluator.evaluate(scope, start.plus(Duration.ofMinutes(20)), () -> true);
        List<AlertSummary> hovering = waitingAlerts(scope, deployment, start);
        waiting(tenant.id(), deploymentId, start, 21, 30, 2);
        evaluator.evaluate(scope, start.plus(Duration.ofMinutes(30)), () -> true);

        assertThat(ruleBefore).as("no waiting rule before the gauge was seen").isFalse();
        assertThat(hovering).singleElement().satisfies(alert -> {
            assertThat(alert.state()).isEqualTo(AlertState.FIRING);
            assertThat(alert.value()).isEqualTo(6.0);
        });
        assertThat(waitingAlerts(scope, deployment, start)).singleElement().satisfies(alert -> {
            assertThat(alert.state()).isEqualTo(AlertState.RESOLVED);
            assertThat(alert.condition()).isEqualTo("waiting ≥ 10 per replica over 5 min");
            assertThat(alert.pendingSince()).isEqualTo(start);
            assertThat(alert.firedAt()).isEqualTo(start.plus(Duration.ofMinutes(10)));
            assertThat(alert.resolvedAt()).isEqualTo(start.plus(Duration.ofMinutes(30)));
            assertThat(alert.peakValue()).isEqualTo(12.0);
        });
    }

    /** Two replicas reading {@code perReplica} waiting requests each, every minute from one offset to another. */
    private void waiting(
            long tenantId, long deploymentId, Instant start, int fromMinute, int toMinute, double perReplica) {
        List<EngineGaugeRollup> minutes = IntStream.rangeClosed(fromMinute, toMinute)
                .mapToObj(minute -> new EngineGaugeRollup(
                        "waiting", start.plus(Duration.ofMinutes(minute)), 2, 2 * perReplica, perReplica, perReplica))
                .toList();
        transactions.run(
                TenantScope.tenant(tenantId), () -> gauges.add(tenantId, deploymentId, Resolution.MINUTE, minutes));
    }

    private List<AlertSummary> waitingAlerts(TenantScope scope, String deployment, Instant start) {
        return alerts
                .alerts(scope, new AlertFilter(start.minusSeconds(60), clock.instant(), null, deployment, null, 100))
                .stream()
                .filter(alert -> alert.rule().equals("Requests waiting high"))
                .toList();
    }

    private boolean waiting(AlertRule rule) {
        return rule.kind() == RuleKind.WAITING_MEAN;
    }
}
