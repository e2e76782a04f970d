package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.metrics.Heatmap;
import dev.inferencemetrics.metrics.HeatmapMetric;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeatmapPanelTest {

    private static final Instant FROM = Instant.parse("2026-11-22T10:00:00Z");
    private static final Clock LATER = Clock.fixed(FROM.plusSeconds(3600), ZoneOffset.UTC);

    @Test
    void a_window_with_requests_draws_the_heatmap_with_formatted_edges_and_times() {
        List<HeatmapMetric> asked = new ArrayList<>();
        HeatmapPanel panel = new HeatmapPanel(
                (metric, range) -> {
                    asked.add(metric);
                    return heatmap(List.of(10.0, 100.0, 1_000.0));
                },
                LATER);

        panel.show(TimeRange.DEFAULT);

        assertThat(panel.empty.isVisible()).isFalse();
        assertThat(panel.chart.isVisible()).isTrue();
        HeatmapData data = panel.chart.data().orElseThrow();
        assertThat(data.edgeLabels()).containsExactly("10 ms", "100 ms", "1.00 s");
        assertThat(data.columns()).extracting(HeatmapData.Column::label).containsExactly("10:00", "10:01");
        assertThat(data.columns().getFirst().counts()).containsExactly(3L, 1L);
        assertThat(data.noun()).isEqualTo("requests");
        assertThat(asked).containsExactly(HeatmapMetric.TTFT);
    }

    @Test
    void picking_another_metric_asks_for_it_and_itl_counts_token_gaps() {
        List<HeatmapMetric> asked = new ArrayList<>();
        HeatmapPanel panel = new HeatmapPanel(
                (metric, range) -> {
                    asked.add(metric);
                    return heatmap(List.of(10.0, 100.0, 1_000.0));
                },
                LATER);
        panel.show(TimeRange.DEFAULT);

        panel.metric.setValue(HeatmapMetric.ITL);

        assertThat(asked).containsExactly(HeatmapMetric.TTFT, HeatmapMetric.ITL);
        assertThat(panel.chart.data().orElseThrow().noun()).isEqualTo("token gaps");
    }

    @Test
    void an_empty_window_says_so_instead_of_drawing() {
        HeatmapPanel panel = new HeatmapPanel((metric, range) -> heatmap(List.of()), LATER);

        panel.show(TimeRange.DEFAULT);

        assertThat(panel.empty.isVisible()).isTrue();
        assertThat(panel.empty.getText()).isEqualTo(HeatmapPanel.EMPTY);
        assertThat(panel.chart.isVisible()).isFalse();
    }

    @Test
    void the_explanation_is_a_paragraph_of_the_panel_not_the_pickers_helper_text() {
        HeatmapPanel panel = new HeatmapPanel((metric, range) -> heatmap(List.of()), LATER);

        assertThat(panel.metric.getHelperText()).isNull();
        assertThat(panel.definition.getText()).isEqualTo(HeatmapPanel.DEFINITION);
        assertThat(panel.getChildren()).contains(panel.definition);
    }

    @Test
    void the_title_names_the_metric_and_the_zone() {
        HeatmapData data =
                HeatmapPanel.data(heatmap(List.of(1.0, 2.0, 4.0)), HeatmapMetric.E2E, PageTimeZone.utcZone());

        assertThat(data.title()).isEqualTo("E2E distribution (UTC)");
    }

    @Test
    void the_column_still_running_is_left_out_as_on_every_other_chart() {
        Clock midSecondMinute = Clock.fixed(FROM.plusSeconds(90), ZoneOffset.UTC);
        HeatmapPanel panel =
                new HeatmapPanel((metric, range) -> heatmap(List.of(10.0, 100.0, 1_000.0)), midSecondMinute);

        panel.show(TimeRange.DEFAULT);

        assertThat(panel.chart.data().orElseThrow().columns())
                .extracting(HeatmapData.Column::label)
                .containsExactly("10:00");
    }

    @Test
    void the_heatmap_writes_its_counts_with_thousands_separators() {
        HeatmapData data =
                HeatmapPanel.data(heatmap(List.of(1.0, 2.0, 4.0)), HeatmapMetric.ITL, PageTimeZone.utcZone());

        assertThat(data.countFormat().format(1170.0)).isEqualTo("1,170");
    }

    private static Heatmap heatmap(List<Double> bounds) {
        List<Heatmap.Column> columns = bounds.isEmpty()
                ? List.of(new Heatmap.Column(FROM, 0, null, null, List.of()))
                : List.of(
                        new Heatmap.Column(FROM, 4, 12.0, 150.0, List.of(3L, 1L)),
                        new Heatmap.Column(FROM.plusSeconds(60), 0, null, null, List.of(0L, 0L)));
        return new Heatmap(
                "x", "ttft", HeatmapMetric.Unit.MILLISECONDS, FROM, FROM.plusSeconds(120), 60, bounds, 3, columns);
    }
}
