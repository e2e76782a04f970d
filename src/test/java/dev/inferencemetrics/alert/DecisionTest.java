package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.slo.CountedBuckets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What an evaluation decides from a deployment's readings, before anything is written. */
class DecisionTest {

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
            Duration.ZERO,
            true);

    private static final AlertRule WAITING = DefaultRules.waitingRule(1, 2);

    @Test
    void a_firing_alert_that_still_holds_is_only_refreshed_and_needs_no_transaction_of_its_own() {
        OpenAlert firing = new OpenAlert(40, KV.id(), AlertState.FIRING, NOW.minusSeconds(600), NOW, 95, false);
        List<Decision> decisions =
                Decision.of(planned(List.of(KV, WAITING), 93, Map.of(KV.id(), firing), List.of()), NOW);

        assertThat(decisions).extracting(Decision::step).containsExactly(Step.UPDATE, Step.NONE);
        assertThat(Decision.refreshesOnly(decisions)).hasValue(List.of(new Decision.ValueRefresh(1, 40, 93, null)));
    }

    @Test
    void an_alert_that_opens_or_resolves_needs_its_deployment_s_transaction() {
        OpenAlert firing = new OpenAlert(40, KV.id(), AlertState.FIRING, NOW.minusSeconds(600), NOW, 95, false);

        List<Decision> opening = Decision.of(planned(List.of(KV), 93, Map.of(), List.of()), NOW);
        List<Decision> resolving = Decision.of(planned(List.of(KV), 50, Map.of(KV.id(), firing), List.of()), NOW);

        assertThat(opening).singleElement().extracting(Decision::step).isEqualTo(Step.OPEN_FIRING);
        assertThat(Decision.refreshesOnly(opening)).isEmpty();
        assertThat(resolving).singleElement().extracting(Decision::step).isEqualTo(Step.RESOLVE);
        assertThat(Decision.refreshesOnly(resolving)).isEmpty();
    }

    @Test
    void a_switched_off_rule_counts_as_zero_so_its_alert_resolves_and_a_silence_covers_only_its_rule() {
        AlertRule off = KV.withSettings(90, 85, Duration.ZERO, false);
        OpenAlert firing = new OpenAlert(40, KV.id(), AlertState.FIRING, NOW.minusSeconds(600), NOW, 95, false);
        Silence kvOnly = new Silence(3, "chat", KV.id(), NOW.plusSeconds(60), "maintenance", "ops", NOW);

        Decision resolved = Decision.of(planned(List.of(off), 99, Map.of(KV.id(), firing), List.of()), NOW)
                .getFirst();
        List<Decision> silenced = Decision.of(planned(List.of(KV, WAITING), 99, Map.of(), List.of(kvOnly)), NOW);

        assertThat(resolved.value()).isZero();
        assertThat(resolved.step()).isEqualTo(Step.RESOLVE);
        assertThat(silenced).extracting(Decision::silenced).containsExactly(true, false);
    }

    /** The rules with the KV cache at {@code kvPct} over the last minutes and no requests waiting. */
    private static FleetReadings.PlannedEvaluation planned(
            List<AlertRule> rules, double kvPct, Map<Long, OpenAlert> open, List<Silence> silences) {
        List<KvRollup> kv = List.of(
                KvRollup.of(NOW.minus(Duration.ofMinutes(2)), kvPct),
                KvRollup.of(NOW.minus(Duration.ofMinutes(1)), kvPct));
        RuleValues values = new RuleValues(
                NOW,
                Map.of(),
                CountedBuckets.none(),
                CountedBuckets.none(),
                kv,
                List.of(),
                List.of(),
                ScalingPoint.notYetRead(NOW));
        return new FleetReadings.PlannedEvaluation(rules, values, silences, open);
    }
}
