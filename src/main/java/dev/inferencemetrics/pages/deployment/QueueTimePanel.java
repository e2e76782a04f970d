package dev.inferencemetrics.pages.deployment;

import static dev.inferencemetrics.base.ui.chart.PercentileColours.P50;
import static dev.inferencemetrics.base.ui.chart.PercentileColours.P90;
import static dev.inferencemetrics.base.ui.chart.PercentileColours.P95;
import static dev.inferencemetrics.base.ui.chart.PercentileColours.P99;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.shared.Tooltip;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.MetricFormat;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Queue time, for deployments whose source reports it (vLLM's traces, or queueMs in the JSON API): a p50/p90/p95/p99
 * chart, and a line on the TTFT card saying how much of TTFT is spent queueing. Hidden while the window has none.
 */
class QueueTimePanel extends Div {

    static final String DEFINITION = "Queue time: how long a request waited before being scheduled; part of TTFT.";

    final ApexChart chart = new ApexChart();

    QueueTimePanel() {
        addClassNames("chart-grid", "queue-time");
        add(chart);
        Tooltip.forComponent(chart).withText(DEFINITION);
        setVisible(false);
    }

    /**
     * Shows the window's queue times, and adds the queueing share to the TTFT card shown just before; an interval
     * still running at {@code now} is left out, as on every other chart.
     */
    void show(DeploymentMetrics metrics, MetricCard ttftCard, Instant now) {
        LatencySummary queue = metrics.summary().queue();
        setVisible(queue.count() > 0);
        if (queue.count() == 0) {
            return;
        }
        ttftCard.details.add(new Div(shareOfTtft(queue, metrics.summary().ttft())));
        List<LatencyPoint> series = CompleteIntervals.of(metrics, now).queue();
        chart.setConfig(ChartConfig.line(
                "queue",
                MetricsCharts.GROUP,
                "Queue time",
                ChartUnit.MILLISECONDS,
                List.of(
                        ChartSeries.solid("p50", P50, points(series, LatencyPoint::p50)),
                        ChartSeries.solid("p90", P90, points(series, LatencyPoint::p90)),
                        ChartSeries.solid("p95", P95, points(series, LatencyPoint::p95)),
                        ChartSeries.solid("p99", P99, points(series, LatencyPoint::p99)))));
    }

    /**
     * "Queueing p50 0.00 ms · p99 410 ms (38.0 % of TTFT p99)": queueing lives in the tail (a median of zero beside
     * a breached TTFT p95 says nothing), so its share is told at p99; both are sketches of the same ok requests.
     */
    static String shareOfTtft(LatencySummary queue, LatencySummary ttft) {
        Double share = queue.p99() == null || ttft.p99() == null || ttft.p99() == 0
                ? null
                : Math.min(1, queue.p99() / ttft.p99());
        return "Queueing p50 " + MetricFormat.latency(queue.p50()) + " · p99 " + MetricFormat.latency(queue.p99())
                + " (" + MetricFormat.share(share) + " of TTFT p99)";
    }

    private static List<ChartPoint> points(List<LatencyPoint> series, Function<LatencyPoint, @Nullable Double> value) {
        return series.stream()
                .map(point -> new ChartPoint(point.t().toEpochMilli(), value.apply(point)))
                .toList();
    }
}
