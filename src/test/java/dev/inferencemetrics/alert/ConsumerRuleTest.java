package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.slo.ConsumerBreach;
import dev.inferencemetrics.slo.CountedBuckets;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The consumer rule: a consumer outside the TTFT objective counts once it has the rule's number of requests, the
 * rule's value is the busiest such consumer's requests, and its reason names them; consumers within the objective,
 * under the number or counted as "other" never count.
 */
class ConsumerRuleTest {

    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");

    private static final SloObjective TTFT = new SloObjective(SloKind.TTFT, 95, 500.0, true);

    @Test
    void only_consumers_below_the_target_with_enough_requests_are_outside_the_objective() {
        Map<String, RequestRollup> byConsumer = Map.of(
                "acme",
                consumer(150, 90, 1_500),
                "beta",
                consumer(400, 396, 1_500),
                "tiny",
                consumer(99, 0, 1_500),
                DimensionValue.OTHER,
                consumer(500, 0, 1_500));

        List<ConsumerBreach> outside = ConsumerBreach.of(TTFT, byConsumer, 100);

        assertThat(outside).singleElement().satisfies(breach -> {
            assertThat(breach.consumer()).isEqualTo("acme");
            assertThat(breach.requests()).isEqualTo(150);
            assertThat(breach.compliancePct()).isEqualTo(60.0);
        });
        assertThat(ConsumerBreach.of(TTFT, byConsumer, 1))
                .extracting(ConsumerBreach::consumer)
                .containsExactly("tiny", "acme");
    }

    @Test
    void the_rule_fires_on_the_busiest_consumer_outside_and_names_each_one_with_enough_requests() {
        AlertRule rule = withId(DefaultRules.consumerRule(1, 2));
        RuleValues values = values(
                TTFT,
                List.of(
                        new ConsumerBreach("acme", 120, 12.5),
                        new ConsumerBreach("zeta", 340, 80.0),
                        new ConsumerBreach("small", 40, 0.0)));

        double value = values.of(rule).orElseThrow();
        Step step = Step.next(rule, value, Optional.empty(), NOW);

        assertThat(value).isEqualTo(340);
        assertThat(step).isEqualTo(Step.OPEN_PENDING);
        assertThat(values.reason(rule))
                .startsWith("Outside the TTFT objective: acme (120 requests, 12.5 %")
                .contains("zeta (340 requests, 80")
                .doesNotContain("small");
        assertThat(rule.severity()).isEqualTo(Severity.TICKET);
        assertThat(rule.condition()).isEqualTo("a consumer with ≥ 100 requests outside the TTFT objective over 1 h");
    }

    @Test
    void a_consumer_under_the_number_of_requests_neither_fires_nor_keeps_a_firing_alert_open() {
        AlertRule rule = withId(DefaultRules.consumerRule(1, 2));
        RuleValues values = values(TTFT, List.of(new ConsumerBreach("small", 99, 0.0)));
        OpenAlert firing =
                new OpenAlert(7, rule.id(), AlertState.FIRING, NOW.minus(Duration.ofMinutes(20)), NOW, 150, false);

        double value = values.of(rule).orElseThrow();

        assertThat(value).isZero();
        assertThat(values.reason(rule)).isNull();
        assertThat(Step.next(rule, value, Optional.empty(), NOW)).isEqualTo(Step.NONE);
        assertThat(Step.next(rule, value, Optional.of(firing), NOW)).isEqualTo(Step.RESOLVE);
    }

    @Test
    void with_the_ttft_objective_off_the_rule_has_nothing_to_watch() {
        AlertRule rule = withId(DefaultRules.consumerRule(1, 2));
        RuleValues values =
                values(new SloObjective(SloKind.TTFT, 95, 500.0, false), List.of(new ConsumerBreach("acme", 500, 0.0)));

        assertThat(values.of(rule)).isEmpty();
        assertThat(values.reason(rule)).isNull();
    }

    private static RuleValues values(SloObjective ttft, List<ConsumerBreach> consumers) {
        return new RuleValues(
                NOW,
                Map.of(SloKind.TTFT, ttft),
                CountedBuckets.none(),
                CountedBuckets.none(),
                List.of(),
                List.of(),
                List.of(),
                ScalingPoint.notYetRead(NOW),
                consumers);
    }

    /** A consumer's window: {@code requests} ok requests, {@code fast} of them within the objective's 500 ms. */
    private static RequestRollup consumer(int requests, int fast, double slowMs) {
        RequestRollup rollup = new RequestRollup(NOW);
        for (int i = 0; i < requests; i++) {
            rollup.addRequest(true, 10, 10);
            rollup.ttft().add(i < fast ? 100 : slowMs);
        }
        return rollup;
    }

    private static AlertRule withId(AlertRule rule) {
        return new AlertRule(
                11,
                rule.tenantId(),
                rule.deploymentId(),
                rule.name(),
                rule.kind(),
                rule.objective(),
                rule.severity(),
                rule.threshold(),
                rule.clearBelow(),
                rule.longWindow(),
                rule.shortWindow(),
                rule.forDuration(),
                rule.enabled());
    }
}
