package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.html.Div;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.metrics.EngineGauges.GaugePoint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Queue depth (requests running and waiting, per replica) and prefix-cache hit rate, from scraped engine /metrics;
 * each chart shows only when some scrape reported its metric in the window.
 */
class EngineGaugeCharts extends Div {

    private static final String RUNNING = "#2563eb";
    private static final String WAITING = "#f59e0b";
    private static final String PEAK = "#dc2626";

    final ApexChart queue = new ApexChart();
    final ApexChart prefixCache = new ApexChart();

    EngineGaugeCharts() {
        // not "chart-grid": these charts draw only when a deployment is scraped
        addClassName("engine-gauges");
        add(queue, prefixCache);
    }

    /** Draws the window's intervals of {@code step}; one still running at {@code now} is left out, as elsewhere. */
    void show(EngineGauges gauges, Duration step, Instant now) {
        boolean hasQueue = gauges.has(EngineGauges.RUNNING) || gauges.has(EngineGauges.WAITING);
        queue.setVisible(hasQueue);
        prefixCache.setVisible(gauges.has(EngineGauges.PREFIX_HIT));
        setVisible(hasQueue || gauges.has(EngineGauges.PREFIX_HIT));
        if (hasQueue) {
            List<ChartSeries> series = new ArrayList<>();
            series.add(ChartSeries.solid(
                    "running (avg)", RUNNING, points(gauges.of(EngineGauges.RUNNING), GaugePoint::avg, step, now)));
            series.add(ChartSeries.solid(
                    "waiting (avg)", WAITING, points(gauges.of(EngineGauges.WAITING), GaugePoint::avg, step, now)));
            series.add(new ChartSeries(
                    "waiting (max)", PEAK, true, points(gauges.of(EngineGauges.WAITING), GaugePoint::max, step, now)));
            queue.setConfig(ChartConfig.line(
                    "queue-depth",
                    MetricsCharts.GROUP,
                    "Requests running and waiting, per replica",
                    ChartUnit.TOKENS,
                    series));
        }
        if (gauges.has(EngineGauges.PREFIX_HIT)) {
            prefixCache.setConfig(ChartConfig.line(
                    "prefix-cache",
                    MetricsCharts.GROUP,
                    "Prefix-cache hit rate",
                    ChartUnit.PERCENT,
                    List.of(ChartSeries.solid(
                            "hit rate",
                            RUNNING,
                            points(gauges.of(EngineGauges.PREFIX_HIT), GaugePoint::avg, step, now)))));
        }
    }

    /** The complete intervals of a gauge series as chart points of one of its figures. */
    static List<ChartPoint> points(
            List<GaugePoint> series, Function<GaugePoint, @Nullable Double> value, Duration step, Instant now) {
        return CompleteIntervals.ended(series, GaugePoint::t, step.toSeconds(), now).stream()
                .map(point -> new ChartPoint(point.t().toEpochMilli(), value.apply(point)))
                .toList();
    }
}
