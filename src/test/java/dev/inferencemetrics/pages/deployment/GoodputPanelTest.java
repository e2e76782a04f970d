package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.ErrorsByStatus;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.Series;
import dev.inferencemetrics.metrics.DeploymentMetrics.SloCompliance;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.GoodputFigures;
import dev.inferencemetrics.metrics.GoodputFigures.BreachCount;
import dev.inferencemetrics.metrics.GoodputFigures.Breaches;
import dev.inferencemetrics.metrics.GoodputFigures.GoodputPoint;
import dev.inferencemetrics.pages.deployment.GoodputPanel.BreachRow;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoodputPanelTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    /** 12 requests: 3 good, 2 TTFT breaches, one of every other kind but E2E, and 2 incomplete. */
    private static final Breaches WINDOW =
            new Breaches(share(2), share(1), share(0), share(2), share(1), share(1), share(2));

    @Test
    void the_panel_shows_goodput_beside_all_requests_and_the_breaches_as_a_stacked_chart_and_a_table() {
        GoodputPanel panel = new GoodputPanel();

        panel.show(metrics(12), NOW);

        assertThat(panel.isVisible()).isTrue();
        assertThat(panel.headline.getText())
                .startsWith("Goodput 25.0 %")
                .contains("token goodput 16.4 %")
                .contains("thresholds ttft:200 tpot:20 e2el:2000");
        ChartConfig rates = panel.rates.getConfig().orElseThrow();
        assertThat(rates.series()).extracting(ChartSeries::name).containsExactly("all requests/s", "good requests/s");
        assertThat(rates.series().get(1).data().getFirst().y()).isEqualTo(3.0 / 60);
        ChartConfig breaches = panel.breaches.getConfig().orElseThrow();
        assertThat(breaches.stacked()).isTrue();
        assertThat(breaches.series()).hasSize(7);
        assertThat(breaches.series().getFirst().data().getFirst().y()).isEqualTo(2.0 / 60);
        List<BreachRow> rows = panel.table.getListDataView().getItems().toList();
        assertThat(rows).hasSize(7);
        assertThat(rows.getFirst()).isEqualTo(new BreachRow("TTFT over threshold", "2", "16.7 %"));
        assertThat(rows.get(6)).isEqualTo(new BreachRow("Cancelled", "2", "16.7 %"));
    }

    @Test
    void requests_stored_before_goodput_was_counted_are_named_and_a_window_without_requests_hides_the_panel() {
        GoodputPanel panel = new GoodputPanel();

        panel.show(metrics(14), NOW);
        assertThat(panel.headline.getText()).endsWith("2 requests stored before goodput was counted");

        panel.show(metrics(0), NOW);
        assertThat(panel.isVisible()).isFalse();
    }

    private static BreachCount share(long count) {
        return new BreachCount(count, 100.0 * count / 12);
    }

    private static DeploymentMetrics metrics(long requests) {
        Instant interval = NOW.minusSeconds(60);
        GoodputFigures goodput = new GoodputFigures(
                new GoodputSlo(200.0, 20.0, 2_000.0),
                null,
                requests,
                requests == 0 ? 0 : 12,
                3,
                requests / 3_600.0,
                3 / 3_600.0,
                25.0,
                385,
                63,
                100.0 * 63 / 385,
                WINDOW,
                List.of(new GoodputPoint(interval, 12 / 60.0, 3 / 60.0, 25.0, 16.4, WINDOW)));
        LatencySummary none = new LatencySummary(0, null, null, null, null, null, null);
        Summary summary = new Summary(
                none,
                none,
                none,
                new KvSummary(null, null),
                requests,
                5,
                1_200,
                385,
                new SloCompliance(500, 250, 1.0, null, null),
                none,
                new ErrorsByStatus(1, 1, 2));
        return new DeploymentMetrics(
                "x",
                NOW.minusSeconds(3_600),
                NOW,
                60,
                summary,
                new Series(List.of(), List.of(), List.of(), List.of(), List.of(), List.of()),
                goodput);
    }
}
