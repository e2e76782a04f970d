package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.inferencemetrics.slo.SloKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    private static final AlertRule KV = new AlertRule(
            7,
            1,
            2,
            "KV cache high",
            RuleKind.KV_MEAN,
            null,
            Severity.TICKET,
            90,
            85,
            Duration.ofMinutes(5),
            null,
            Duration.ofMinutes(10),
            true);

    private static final AlertRule FAST_BURN = new AlertRule(
            8,
            1,
            2,
            "TTFT fast burn",
            RuleKind.BURN_RATE,
            SloKind.TTFT,
            Severity.PAGE,
            14.4,
            12.96,
            Duration.ofHours(1),
            Duration.ofMinutes(5),
            Duration.ZERO,
            true);

    @Test
    void a_rule_without_a_for_duration_fires_at_once_and_one_with_it_waits_pending() {
        assertThat(Step.next(FAST_BURN, 15, Optional.empty(), NOW)).isEqualTo(Step.OPEN_FIRING);
        assertThat(Step.next(KV, 91, Optional.empty(), NOW)).isEqualTo(Step.OPEN_PENDING);
        assertThat(Step.next(KV, 89.9, Optional.empty(), NOW)).isEqualTo(Step.NONE);
    }

    @Test
    void a_pending_alert_fires_once_its_condition_has_held_for_the_rule_s_for_duration() {
        OpenAlert pending = open(AlertState.PENDING, NOW.minus(Duration.ofMinutes(9)));

        assertThat(Step.next(KV, 95, Optional.of(pending), NOW)).isEqualTo(Step.UPDATE);
        assertThat(Step.next(KV, 95, Optional.of(pending), NOW.plus(Duration.ofMinutes(1))))
                .isEqualTo(Step.FIRE);
        assertThat(Step.next(KV, 89, Optional.of(pending), NOW)).isEqualTo(Step.DROP);
    }

    @Test
    void a_firing_alert_stays_firing_between_the_clear_level_and_the_threshold_so_flapping_pages_once() {
        OpenAlert firing = open(AlertState.FIRING, NOW.minus(Duration.ofMinutes(30)));

        assertThat(Step.next(KV, 86, Optional.of(firing), NOW)).isEqualTo(Step.UPDATE);
        assertThat(Step.next(KV, 91, Optional.of(firing), NOW)).isEqualTo(Step.UPDATE);
        assertThat(Step.next(KV, 84.9, Optional.of(firing), NOW)).isEqualTo(Step.RESOLVE);
        assertThat(Step.next(FAST_BURN, 13, Optional.of(firing), NOW)).isEqualTo(Step.UPDATE);
        assertThat(Step.next(FAST_BURN, 12.9, Optional.of(firing), NOW)).isEqualTo(Step.RESOLVE);
    }

    @Test
    void a_rule_refuses_values_that_cannot_work() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> KV.withSettings(90, 95, Duration.ZERO, true))
                .withMessage("clear-below must be positive and at most the threshold");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> KV.withSettings(120, 85, Duration.ZERO, true))
                .withMessage("a KV-cache threshold is a percentage, at most 100");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> KV.withSettings(Double.NaN, 85, Duration.ZERO, true))
                .withMessage("threshold must be a positive number");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> KV.withSettings(90, 85, Duration.ofDays(2), true))
                .withMessage("for must lie between 0 and 24 hours");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new AlertRule(
                        1,
                        1,
                        2,
                        "odd",
                        RuleKind.KV_MEAN,
                        null,
                        Severity.PAGE,
                        90,
                        85,
                        Duration.ofMinutes(90).plusSeconds(60),
                        null,
                        Duration.ZERO,
                        true))
                .withMessage("window must be whole minutes up to an hour, whole half hours beyond");
    }

    @Test
    void
            the_defaults_follow_the_sre_workbook_for_each_objective_with_a_sudden_burn_and_add_kv_concurrency_and_consumer_rules() {
        var rules = DefaultRules.forDeployment(
                1, 2, java.util.List.of(new dev.inferencemetrics.slo.SloObjective(SloKind.TTFT, 95, 500.0, true)));

        assertThat(rules)
                .extracting(AlertRule::condition)
                .containsExactly(
                        "TTFT burn ≥ 57.6× over 15 min and 2 min",
                        "TTFT burn ≥ 14.4× over 1 h and 5 min",
                        "TTFT burn ≥ 6× over 6 h and 30 min",
                        "TTFT burn ≥ 1× over 3 d and 6 h",
                        "KV mean ≥ 90 % over 5 min",
                        "in flight ≥ 100 % of the scaling point over 10 min",
                        "a consumer with ≥ 100 requests outside the TTFT objective over 1 h");
        assertThat(rules)
                .extracting(AlertRule::severity)
                .containsExactly(
                        Severity.PAGE,
                        Severity.PAGE,
                        Severity.PAGE,
                        Severity.TICKET,
                        Severity.TICKET,
                        Severity.TICKET,
                        Severity.TICKET);
    }

    @Test
    void a_burn_rule_asks_for_at_most_half_its_objective_s_largest_burn_and_its_clear_level_follows() {
        var loose = new dev.inferencemetrics.slo.SloObjective(SloKind.TTFT, 95, 500.0, true);
        var tight = new dev.inferencemetrics.slo.SloObjective(SloKind.TTFT, 99.9, 500.0, true);

        AlertRule reachable = FAST_BURN.reachableFor(loose);

        assertThat(loose.maxBurnRate()).isCloseTo(20, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(reachable.threshold()).isCloseTo(10, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(reachable.clearBelow()).isCloseTo(9, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(reachable.condition()).isEqualTo("TTFT burn ≥ 10× over 1 h and 5 min");
        assertThat(FAST_BURN.reachableFor(tight)).isEqualTo(FAST_BURN);
        assertThat(KV.reachableFor(loose)).isEqualTo(KV);
        // a total regression (burn 20×) fires the fast burn only at the threshold in effect
        assertThat(Step.next(reachable, 10, Optional.empty(), NOW)).isEqualTo(Step.OPEN_FIRING);
        assertThat(Step.next(FAST_BURN, 10, Optional.empty(), NOW)).isEqualTo(Step.NONE);
    }

    private static OpenAlert open(AlertState state, Instant since) {
        return new OpenAlert(1, 7, state, since, state == AlertState.FIRING ? since : null, 95, false);
    }
}
