package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.ErrorsByStatus;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.Series;
import dev.inferencemetrics.metrics.DeploymentMetrics.SloCompliance;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

class MetricsTabOutageTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void a_refresh_during_a_database_outage_keeps_the_last_figures_and_says_they_may_be_stale() {
        AtomicBoolean databaseDown = new AtomicBoolean(false);
        MetricsTab tab = new MetricsTab(
                TimeRange.DEFAULT,
                range -> {
                    if (databaseDown.get()) {
                        throw new DataAccessResourceFailureException("connection refused");
                    }
                    return metricsWithTtftP50(76.0);
                },
                Clock.fixed(NOW, ZoneOffset.UTC));
        assertThat(tab.cards.ttft.value.getText()).isEqualTo("76 ms");

        databaseDown.set(true);
        tab.reload();

        assertThat(tab.unavailable.isVisible()).isTrue();
        assertThat(tab.unavailable.getText()).isEqualTo(MetricsTab.UNAVAILABLE);
        assertThat(tab.cards.ttft.value.getText()).isEqualTo("76 ms");

        databaseDown.set(false);
        tab.reload();

        assertThat(tab.unavailable.isVisible()).isFalse();
    }

    private static DeploymentMetrics metricsWithTtftP50(double p50) {
        LatencySummary ttft = new LatencySummary(10, p50, p50, p50, p50, 1.0, p50);
        LatencySummary none = new LatencySummary(0, null, null, null, null, null, null);
        Summary summary = new Summary(
                ttft,
                none,
                none,
                new KvSummary(null, null),
                10,
                0,
                100,
                100,
                new SloCompliance(500, 250, 1.0, 1.0, null),
                none,
                new ErrorsByStatus(0, 0, 0));
        return new DeploymentMetrics(
                "x",
                NOW.minusSeconds(3600),
                NOW,
                60,
                summary,
                new Series(List.of(), List.of(), List.of(), List.of(), List.of(), List.of()),
                NoGoodput.figures());
    }
}
