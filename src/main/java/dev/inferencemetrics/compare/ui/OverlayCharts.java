package dev.inferencemetrics.compare.ui;

import static dev.inferencemetrics.base.ui.chart.PercentileColours.P50;
import static dev.inferencemetrics.base.ui.chart.PercentileColours.P99;

import com.vaadin.flow.component.html.Div;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * TTFT, ITL and E2E p50 and p99 of both sides on one time axis, A's: B's points are moved back by the offset
 * between the windows, so two periods lie on top of each other; B is dashed.
 */
class OverlayCharts extends Div {

    private static final String GROUP = "compare";

    final ApexChart ttft = new ApexChart();
    final ApexChart itl = new ApexChart();
    final ApexChart e2e = new ApexChart();

    OverlayCharts() {
        addClassNames("chart-grid", "chart-grid--three", "compare-charts");
        add(ttft, itl, e2e);
    }

    void show(DeploymentMetrics a, DeploymentMetrics b, Duration offset, PageTimeZone zone) {
        ttft.setConfig(overlay("compare-ttft", "Time to first token", a, b, offset, DeploymentMetrics.Series::ttft));
        itl.setConfig(overlay("compare-itl", "Inter-token latency", a, b, offset, DeploymentMetrics.Series::itl));
        e2e.setConfig(overlay("compare-e2e", "End-to-end latency", a, b, offset, DeploymentMetrics.Series::e2e));
        List.of(ttft, itl, e2e).forEach(chart -> chart.setTimeZone(zone.name(), zone.utc()));
    }

    private static ChartConfig overlay(
            String id,
            String title,
            DeploymentMetrics a,
            DeploymentMetrics b,
            Duration offset,
            Function<DeploymentMetrics.Series, List<LatencyPoint>> metric) {
        List<LatencyPoint> seriesA = metric.apply(a.series());
        List<LatencyPoint> seriesB = metric.apply(b.series());
        return ChartConfig.line(
                id,
                GROUP,
                title,
                ChartUnit.MILLISECONDS,
                List.of(
                        ChartSeries.solid("A p50", P50, points(seriesA, Duration.ZERO, LatencyPoint::p50)),
                        ChartSeries.solid("A p99", P99, points(seriesA, Duration.ZERO, LatencyPoint::p99)),
                        new ChartSeries("B p50", P50, true, points(seriesB, offset, LatencyPoint::p50)),
                        new ChartSeries("B p99", P99, true, points(seriesB, offset, LatencyPoint::p99))));
    }

    private static List<ChartPoint> points(
            List<LatencyPoint> series, Duration offset, Function<LatencyPoint, @Nullable Double> value) {
        return series.stream()
                .map(point -> new ChartPoint(point.t().minus(offset).toEpochMilli(), value.apply(point)))
                .toList();
    }
}
