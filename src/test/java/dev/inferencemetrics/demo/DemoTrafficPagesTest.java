package dev.inferencemetrics.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.alert.BurnReplay;
import dev.inferencemetrics.slo.SloKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A day of the demo's traffic through the default burn-rate rules: nothing pages but what the demo means to. */
class DemoTrafficPagesTest {

    private static final List<DemoObjectiveMinutes.ObjectiveMinutes> DAY =
            DemoObjectiveMinutes.of(Instant.parse("2026-11-20T00:00:00Z"), Duration.ofDays(1));

    @Test
    void no_objective_of_the_healthy_demo_deployments_pages_in_a_day_qwen_s_burst_included() {
        List<DemoObjectiveMinutes.ObjectiveMinutes> healthy = DAY.stream()
                .filter(objective -> !objective.deployment().equals("llama-3-1-70b"))
                .toList();

        assertThat(healthy)
                .extracting(DemoObjectiveMinutes.ObjectiveMinutes::deployment)
                .contains("qwen3-coder", "llama-3-1-8b-nim", "deepseek-v3-sglang");
        for (DemoObjectiveMinutes.ObjectiveMinutes objective : healthy) {
            assertThat(BurnReplay.firstPage(objective.objective(), objective.minutes()))
                    .as("%s %s", objective.deployment(), objective.objective().describe())
                    .isEmpty();
        }
    }

    @Test
    void the_llama_whose_queueing_breaks_its_99_percent_ttft_objective_pages_within_minutes() {
        DemoObjectiveMinutes.ObjectiveMinutes llamaTtft = DAY.stream()
                .filter(objective -> objective.deployment().equals("llama-3-1-70b")
                        && objective.objective().kind() == SloKind.TTFT)
                .findFirst()
                .orElseThrow();

        assertThat(BurnReplay.firstPage(llamaTtft.objective(), llamaTtft.minutes()))
                .hasValueSatisfying(minute -> assertThat(minute).isLessThanOrEqualTo(15));
    }
}
