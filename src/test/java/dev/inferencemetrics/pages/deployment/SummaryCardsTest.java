package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.SloState;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SummaryCardsTest {

    private static final Instant FROM = Instant.parse("2026-11-22T09:00:00Z");
    private final SummaryCards cards = new SummaryCards();

    @Test
    void an_error_rate_above_the_deployments_limit_breaches_its_slo_though_latencies_are_fine() {
        // 60 one-minute intervals of 10 requests: 600 requests, 30 of them not ok
        DeploymentMetrics metrics = WindowMetrics.of(window(Duration.ofHours(1)), 30);

        cards.show(metrics.summary(), Duration.ofMinutes(1));

        assertThat(cards.errors.value.getText()).isEqualTo("5.0 %");
        assertThat(lines(cards.errors)).containsExactly("error rate", "30 of 600 requests not ok", "Limit 1.0 %");
        assertThat(cards.errors.sloState()).isEqualTo(SloState.BREACHED);
        assertThat(cards.errors.state.getText()).isEqualTo("SLO breached");
        assertThat(cards.ttft.sloState()).isEqualTo(SloState.MET);
    }

    @Test
    void the_errors_card_names_the_status_most_failed_requests_ended_with() {
        DeploymentMetrics metrics =
                WindowMetrics.of(window(Duration.ofHours(1)), 30, new DeploymentMetrics.ErrorsByStatus(8, 19, 3));

        cards.show(metrics.summary(), Duration.ofMinutes(1));

        assertThat(lines(cards.errors))
                .containsExactly("error rate", "30 of 600 requests not ok · top: timeout", "Limit 1.0 %");
    }

    @Test
    void an_error_rate_within_the_limit_meets_it_and_a_window_without_requests_has_no_state() {
        cards.show(WindowMetrics.of(window(Duration.ofHours(1)), 3).summary(), Duration.ofMinutes(1));
        assertThat(cards.errors.value.getText()).isEqualTo("0.5 %");
        assertThat(cards.errors.sloState()).isEqualTo(SloState.MET);

        cards.show(WindowMetrics.of(window(Duration.ofHours(1)), 6).summary(), Duration.ofMinutes(1));
        assertThat(cards.errors.sloState()).isEqualTo(SloState.AT_RISK);

        assertThat(SloState.ofErrors(0, 0, 1.0)).isEqualTo(SloState.NO_DATA);
    }

    @Test
    void max_p99_names_the_interval_it_is_taken_at() {
        cards.show(WindowMetrics.of(window(Duration.ofDays(1)), 0).summary(), Duration.ofMinutes(5));
        assertThat(lines(cards.ttft)).contains("Max 5-minute P99 288 ms");

        cards.show(WindowMetrics.of(window(Duration.ofDays(30)), 0).summary(), Duration.ofHours(2));
        assertThat(lines(cards.ttft)).contains("Max 2-hour P99 361 ms");
    }

    private static QueryWindow window(Duration length) {
        return QueryWindow.of(FROM, FROM.plus(length), null);
    }

    private static java.util.List<String> lines(MetricCard card) {
        return card.details.getChildren().map(c -> c.getElement().getText()).toList();
    }
}
