package dev.inferencemetrics.pages.deployment;

import static dev.inferencemetrics.base.ui.chart.PercentileColours.P50;
import static dev.inferencemetrics.base.ui.chart.PercentileColours.P90;
import static dev.inferencemetrics.base.ui.chart.PercentileColours.P95;
import static dev.inferencemetrics.base.ui.chart.PercentileColours.P99;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartBand;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartThreshold;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.RequestSort;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** The synchronised time-series charts of the Metrics tab. */
class MetricsCharts extends Div {

    static final String GROUP = "deployment-metrics";
    private static final String SLO = "#7c3aed";
    static final String INPUT_TOKENS = "input tokens/s";
    static final String OUTPUT_TOKENS = "output tokens/s";

    final ApexChart ttft = new ApexChart();
    final ApexChart itl = new ApexChart();
    final ApexChart e2e = new ApexChart();
    final ApexChart kvCache = new ApexChart();
    final ApexChart requestRate = new ApexChart();
    final ApexChart tokenRate = new ApexChart();
    final ApexChart errorRate = new ApexChart();

    MetricsCharts() {
        addClassName("metrics-charts");
        Div latency = new Div(ttft, itl, e2e, kvCache);
        latency.addClassName("chart-grid");
        Div traffic = new Div(requestRate, tokenRate, errorRate);
        traffic.addClassNames("chart-grid", "chart-grid--three");
        add(latency, traffic);
    }

    /**
     * Every chart placed in this component, found rather than listed, so a chart added to a grid here follows zoom
     * and the page's time zone without further wiring.
     */
    List<ApexChart> all() {
        return chartsIn(this).toList();
    }

    /** Every chart inside a component, however deep. */
    static Stream<ApexChart> chartsIn(Component parent) {
        return parent.getChildren()
                .flatMap(child -> child instanceof ApexChart chart ? Stream.of(chart) : chartsIn(child));
    }

    /** Draws the window's intervals; one still running at {@code now} is left out, so no chart dips at its end. */
    void show(DeploymentMetrics metrics, Instant now) {
        DeploymentMetrics.Series series = CompleteIntervals.of(metrics, now);
        DeploymentMetrics.SloCompliance slo = metrics.summary().slo();
        ttft.setConfig(
                percentiles("ttft", "Time to first token", series.ttft()).withThreshold(threshold(slo.ttftP95Ms())));
        itl.setConfig(percentiles("itl", "Inter-token latency", series.itl()).withThreshold(threshold(slo.itlP95Ms())));
        e2e.setConfig(percentiles("e2e", "End-to-end latency", series.e2e()));
        kvCache.setConfig(ChartConfig.line(
                "kv-cache",
                GROUP,
                "KV cache usage",
                ChartUnit.PERCENT,
                List.of(
                        ChartSeries.solid(
                                "avg",
                                P50,
                                points(series.kvCache(), DeploymentMetrics.KvPoint::t, DeploymentMetrics.KvPoint::avg)),
                        ChartSeries.solid(
                                "max",
                                P99,
                                points(series.kvCache(), DeploymentMetrics.KvPoint::t, DeploymentMetrics.KvPoint::max)),
                        ChartSeries.solid(
                                "min",
                                P90,
                                points(
                                        series.kvCache(),
                                        DeploymentMetrics.KvPoint::t,
                                        DeploymentMetrics.KvPoint::min)))));
        requestRate.setConfig(rate(
                "request-rate",
                "Requests",
                "requests/s",
                P50,
                series,
                DeploymentMetrics.ThroughputPoint::requestsPerSecond));
        tokenRate.setConfig(ChartConfig.line(
                        "token-rate",
                        GROUP,
                        "Tokens",
                        ChartUnit.PER_SECOND,
                        List.of(
                                throughput(
                                        INPUT_TOKENS,
                                        P50,
                                        series,
                                        DeploymentMetrics.ThroughputPoint::inputTokensPerSecond),
                                throughput(
                                        OUTPUT_TOKENS,
                                        P90,
                                        series,
                                        DeploymentMetrics.ThroughputPoint::outputTokensPerSecond)))
                .withHeight(200));
        errorRate.setConfig(ChartConfig.line(
                        "error-rate",
                        GROUP,
                        "Error rate",
                        ChartUnit.FRACTION,
                        List.of(ChartSeries.solid(
                                "errors",
                                P99,
                                points(
                                        series.throughput(),
                                        DeploymentMetrics.ThroughputPoint::t,
                                        DeploymentMetrics.ThroughputPoint::errorRate))))
                .withHeight(200));
    }

    /** The latency a drill-down from this chart orders by: its own, or TTFT for charts of other things. */
    RequestSort metricOf(ApexChart chart) {
        return chart == itl ? RequestSort.ITL : chart == e2e ? RequestSort.E2E : RequestSort.TTFT;
    }

    void showBands(List<ChartBand> bands) {
        List.of(ttft, itl, e2e, kvCache, requestRate, tokenRate, errorRate).forEach(chart -> chart.setBands(bands));
    }

    private static ChartConfig percentiles(String id, String title, List<LatencyPoint> series) {
        return ChartConfig.line(
                id,
                GROUP,
                title,
                ChartUnit.MILLISECONDS,
                List.of(
                        ChartSeries.solid("p50", P50, points(series, LatencyPoint::t, LatencyPoint::p50)),
                        ChartSeries.solid("p90", P90, points(series, LatencyPoint::t, LatencyPoint::p90)),
                        ChartSeries.solid("p95", P95, points(series, LatencyPoint::t, LatencyPoint::p95)),
                        ChartSeries.solid("p99", P99, points(series, LatencyPoint::t, LatencyPoint::p99))));
    }

    private static ChartConfig rate(
            String id,
            String title,
            String name,
            String color,
            DeploymentMetrics.Series series,
            Function<DeploymentMetrics.ThroughputPoint, @Nullable Double> value) {
        return ChartConfig.line(id, GROUP, title, ChartUnit.PER_SECOND, List.of(throughput(name, color, series, value)))
                .withHeight(200);
    }

    private static ChartSeries throughput(
            String name,
            String color,
            DeploymentMetrics.Series series,
            Function<DeploymentMetrics.ThroughputPoint, @Nullable Double> value) {
        return ChartSeries.solid(name, color, points(series.throughput(), DeploymentMetrics.ThroughputPoint::t, value));
    }

    private static ChartThreshold threshold(double sloMs) {
        return new ChartThreshold(sloMs, "SLO p95 " + MetricFormat.latency(sloMs), SLO);
    }

    private static <T> List<ChartPoint> points(
            List<T> series, Function<T, Instant> time, Function<T, @Nullable Double> value) {
        return series.stream()
                .map(point -> new ChartPoint(time.apply(point).toEpochMilli(), value.apply(point)))
                .toList();
    }
}
