package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.slo.CountedBuckets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The requests-waiting rule: its default, its value from gauge rollups, and its "for" and hysteresis. */
class WaitingRuleTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
    private static final AlertRule WAITING = DefaultRules.waitingRule(1, 2);

    @Test
    void the_default_fires_at_ten_waiting_per_replica_over_five_minutes_held_ten_minutes_and_clears_below_five() {
        assertThat(WAITING.condition()).isEqualTo("waiting ≥ 10 per replica over 5 min");
        assertThat(WAITING.clearBelow()).isEqualTo(5);
        assertThat(WAITING.forDuration()).isEqualTo(Duration.ofMinutes(10));
        assertThat(WAITING.severity()).isEqualTo(Severity.TICKET);
    }

    @Test
    void the_value_is_the_mean_reading_per_replica_within_the_window_and_zero_without_readings() {
        List<EngineGaugeRollup> readings = List.of(
                // before the window: a burst that is over
                new EngineGaugeRollup("waiting", NOW.minus(Duration.ofMinutes(6)), 4, 400, 100, 100),
                // two replicas, four readings each per minute
                new EngineGaugeRollup("waiting", NOW.minus(Duration.ofMinutes(4)), 8, 96, 6, 18),
                new EngineGaugeRollup("waiting", NOW.minus(Duration.ofMinutes(3)), 8, 64, 2, 14));

        assertThat(values(readings).of(WAITING)).hasValue(10.0);
        assertThat(values(List.of()).of(WAITING)).hasValue(0.0);
    }

    @Test
    void a_queue_hovering_between_the_clear_level_and_the_threshold_keeps_one_alert_firing() {
        Optional<OpenAlert> none = Optional.empty();
        OpenAlert pending = new OpenAlert(1, 0, AlertState.PENDING, NOW.minus(Duration.ofMinutes(10)), null, 12, false);
        OpenAlert firing = new OpenAlert(1, 0, AlertState.FIRING, NOW.minus(Duration.ofMinutes(30)), NOW, 12, false);

        assertThat(Step.next(WAITING, 12, none, NOW)).isEqualTo(Step.OPEN_PENDING);
        assertThat(Step.next(WAITING, 12, Optional.of(pending), NOW)).isEqualTo(Step.FIRE);
        assertThat(Step.next(WAITING, 6, Optional.of(firing), NOW)).isEqualTo(Step.UPDATE);
        assertThat(Step.next(WAITING, 11, Optional.of(firing), NOW)).isEqualTo(Step.UPDATE);
        assertThat(Step.next(WAITING, 4.9, Optional.of(firing), NOW)).isEqualTo(Step.RESOLVE);
    }

    private static RuleValues values(List<EngineGaugeRollup> waiting) {
        return new RuleValues(
                NOW,
                Map.of(),
                CountedBuckets.none(),
                CountedBuckets.none(),
                List.of(),
                waiting,
                List.of(),
                ScalingPoint.notYetRead(NOW));
    }
}
