package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.ComponentUtil;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartZoomEvent;
import dev.inferencemetrics.base.ui.chart.ChartZoomResetEvent;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MetricsTabZoomTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:30Z");
    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private final MetricsTab tab =
            new MetricsTab(TimeRange.DEFAULT, range -> WindowMetrics.of(range.window(clock), 0), clock);

    @Test
    void the_cards_say_which_window_they_cover_and_the_charts_leave_out_the_running_minute() {
        assertThat(tab.window.getText()).isEqualTo("Figures for 22 Nov 2026 09:00 – 10:00 UTC · 1-minute intervals");
        assertThat(tab.cards.ttft.value.getText()).isEqualTo("61 ms");
        assertThat(tab.charts.ttft.getConfig().orElseThrow().series().getFirst().data())
                .hasSize(60)
                .last()
                .extracting(ChartPoint::x)
                .isEqualTo(Instant.parse("2026-11-22T09:59:00Z").toEpochMilli());
    }

    @Test
    void zooming_a_chart_narrows_the_cards_and_the_window_to_whole_minutes_and_going_back_restores_them() {
        zoom(tab.charts.requestRate, "2026-11-22T09:20:30Z", "2026-11-22T09:40:10Z");

        assertThat(tab.timeRange())
                .isEqualTo(
                        TimeRange.custom(Instant.parse("2026-11-22T09:20:00Z"), Instant.parse("2026-11-22T09:41:00Z")));
        assertThat(tab.cards.ttft.value.getText()).isEqualTo("21 ms");
        assertThat(tab.window.getText()).isEqualTo("Figures for 22 Nov 2026 09:20 – 09:41 UTC · 1-minute intervals");
        assertThat(tab.range.getValue()).isEqualTo(MetricsTab.CUSTOM);
        assertThat(tab.zoomReset.isVisible()).isTrue();
        assertThat(tab.zoomReset.getText()).isEqualTo("Back to last hour");

        zoom(tab.charts.ttft, "2026-11-22T09:30:00Z", "2026-11-22T09:34:59Z");
        assertThat(tab.cards.ttft.value.getText()).isEqualTo("5.0 ms");

        tab.zoomReset.click();

        assertThat(tab.timeRange()).isEqualTo(TimeRange.DEFAULT);
        assertThat(tab.cards.ttft.value.getText()).isEqualTo("61 ms");
        assertThat(tab.range.getValue()).isEqualTo("Last hour");
        assertThat(tab.zoomReset.isVisible()).isFalse();
    }

    @Test
    void every_chart_on_the_tab_is_wired_for_zoom_and_time_zone_without_being_listed() {
        assertThat(tab.charts.all())
                .containsExactly(
                        tab.charts.ttft,
                        tab.charts.itl,
                        tab.charts.e2e,
                        tab.charts.kvCache,
                        tab.charts.requestRate,
                        tab.charts.tokenRate,
                        tab.charts.errorRate);
        assertThat(tab.charts.errorRate.getElement().getPropertyRaw("timeZone")).isNotNull();
    }

    @Test
    void the_charts_reset_button_returns_to_the_range_before_zooming() {
        zoom(tab.charts.ttft, "2026-11-22T09:20:00Z", "2026-11-22T09:40:00Z");

        ComponentUtil.fireEvent(tab.charts.itl, new ChartZoomResetEvent(tab.charts.itl, true));

        assertThat(tab.timeRange()).isEqualTo(TimeRange.DEFAULT);
    }

    private static void zoom(ApexChart chart, String from, String to) {
        ComponentUtil.fireEvent(
                chart,
                new ChartZoomEvent(
                        chart,
                        true,
                        Instant.parse(from).toEpochMilli(),
                        Instant.parse(to).toEpochMilli()));
    }
}
