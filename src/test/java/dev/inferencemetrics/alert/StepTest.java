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
    void the_defaults_follow_the_sre_workbook_for_each_objective_and_add_a_kv_rule() {
        var rules = DefaultRules.forDeployment(
                1, 2, java.util.List.of(new dev.inferencemetrics.slo.SloObjective(SloKind.TTFT, 95, 500.0, true)));

        assertThat(rules)
                .extracting(AlertRule::condition)
                .containsExactly(
                        "TTFT burn ≥ 14.4× over 1 h and 5 min",
                        "TTFT burn ≥ 6× over 6 h and 30 min",
                        "TTFT burn ≥ 1× over 3 d and 6 h",
                        "KV mean ≥ 90 % over 5 min");
        assertThat(rules)
                .extracting(AlertRule::severity)
                .containsExactly(Severity.PAGE, Severity.PAGE, Severity.TICKET, Severity.TICKET);
    }

    private static OpenAlert open(AlertState state, Instant since) {
        return new OpenAlert(1, 7, state, since, state == AlertState.FIRING ? since : null, 95, false);
    }
}
