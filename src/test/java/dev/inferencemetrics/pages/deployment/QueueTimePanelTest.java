package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.HasText;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.ErrorsByStatus;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.Series;
import dev.inferencemetrics.metrics.DeploymentMetrics.SloCompliance;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueueTimePanelTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final LatencySummary NONE = new LatencySummary(0, null, null, null, null, null, null);

    @Test
    void a_window_with_queue_times_shows_the_chart_and_the_queueing_share_on_the_ttft_card() {
        LatencySummary ttft = new LatencySummary(10, 80.0, 90.0, 95.0, 99.0, 1.2, 99.0);
        LatencySummary queue = new LatencySummary(10, 12.0, 20.0, 25.0, 30.0, 2.5, 30.0);

        MetricsTab tab = tab(metrics(ttft, queue));

        assertThat(tab.queue.isVisible()).isTrue();
        assertThat(lines(tab.cards.ttft)).contains("Queueing p50 12 ms · p99 30 ms (30.3 % of TTFT p99)");
    }

    @Test
    void queueing_that_lives_in_the_tail_shows_its_share_at_p99_beside_the_median() {
        LatencySummary ttft = new LatencySummary(100, 240.0, 600.0, 735.0, 1080.0, 4.5, 1100.0);
        LatencySummary queue = new LatencySummary(100, 0.0, 120.0, 260.0, 410.0, null, 420.0);

        MetricsTab tab = tab(metrics(ttft, queue));

        assertThat(lines(tab.cards.ttft)).contains("Queueing p50 0.00 ms · p99 410 ms (38.0 % of TTFT p99)");
    }

    @Test
    void the_queue_time_chart_leaves_out_the_interval_still_running_as_the_other_charts_do() {
        LatencySummary ttft = new LatencySummary(10, 80.0, 90.0, 95.0, 99.0, 1.2, 99.0);
        LatencySummary queue = new LatencySummary(10, 12.0, 20.0, 25.0, 30.0, 2.5, 30.0);
        Instant midMinute = NOW.plusSeconds(30);
        List<LatencyPoint> hour = java.util.stream.IntStream.rangeClosed(0, 60)
                .mapToObj(
                        i -> new LatencyPoint(NOW.minusSeconds(3600).plusSeconds(60L * i), 10, 12.0, 20.0, 25.0, 30.0))
                .toList();
        DeploymentMetrics metrics = metrics(ttft, queue);
        DeploymentMetrics withHour = new DeploymentMetrics(
                "x",
                NOW.minusSeconds(3600),
                midMinute,
                60,
                metrics.summary(),
                new Series(hour, List.of(), List.of(), List.of(), List.of(), hour),
                NoGoodput.figures());

        MetricsTab tab = new MetricsTab(TimeRange.DEFAULT, range -> withHour, Clock.fixed(midMinute, ZoneOffset.UTC));

        assertThat(points(tab.queue.chart)).hasSize(60).isEqualTo(points(tab.charts.ttft));
    }

    @Test
    void a_window_without_queue_times_hides_the_chart_and_says_nothing_of_queueing() {
        LatencySummary ttft = new LatencySummary(10, 80.0, 90.0, 95.0, 99.0, 1.2, 99.0);

        MetricsTab tab = tab(metrics(ttft, NONE));

        assertThat(tab.queue.isVisible()).isFalse();
        assertThat(lines(tab.cards.ttft)).noneMatch(line -> line.startsWith("Queueing"));
    }

    private static MetricsTab tab(DeploymentMetrics metrics) {
        return new MetricsTab(TimeRange.DEFAULT, range -> metrics, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static List<Long> points(ApexChart chart) {
        return chart.getConfig().orElseThrow().series().getFirst().data().stream()
                .map(ChartPoint::x)
                .toList();
    }

    private static List<String> lines(MetricCard card) {
        return card.details
                .getChildren()
                .map(line -> ((HasText) line).getText())
                .toList();
    }

    private static DeploymentMetrics metrics(LatencySummary ttft, LatencySummary queue) {
        Summary summary = new Summary(
                ttft,
                NONE,
                NONE,
                new KvSummary(null, null),
                10,
                0,
                100,
                100,
                new SloCompliance(500, 250, 1.0, 1.0, null),
                queue,
                new ErrorsByStatus(0, 0, 0));
        List<LatencyPoint> queueSeries = List.of(new LatencyPoint(
                NOW.minusSeconds(60), queue.count(), queue.p50(), queue.p90(), queue.p95(), queue.p99()));
        return new DeploymentMetrics(
                "x",
                NOW.minusSeconds(3600),
                NOW,
                60,
                summary,
                new Series(List.of(), List.of(), List.of(), List.of(), List.of(), queueSeries),
                NoGoodput.figures());
    }
}
