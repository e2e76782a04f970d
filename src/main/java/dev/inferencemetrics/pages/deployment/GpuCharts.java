package dev.inferencemetrics.pages.deployment;

import static dev.inferencemetrics.pages.deployment.EngineGaugeCharts.points;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.metrics.EngineGauges.GaugePoint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * GPU utilisation, memory use and power draw, scraped from NVIDIA's DCGM exporter: each interval's mean over every
 * GPU of the deployment's exporter targets (each GPU weighs the same), and the highest single GPU. Without any GPU
 * reading in the window, a sentence says how to get them.
 */
class GpuCharts extends Div {

    static final String NO_GPU = "No GPU metrics: add a DCGM exporter target on the Sources tab.";
    private static final String MEAN = "#2563eb";
    private static final String ACTIVE = "#0d9488";
    private static final String PEAK = "#dc2626";

    final ApexChart utilisation = new ApexChart();
    final ApexChart memory = new ApexChart();
    final ApexChart power = new ApexChart();
    final Paragraph emptyState = new Paragraph(NO_GPU);

    GpuCharts() {
        addClassName("gpu-charts");
        emptyState.addClassName("empty-state");
        Div charts = new Div(utilisation, memory, power);
        // not "chart-grid": these charts draw only when a DCGM exporter is scraped
        charts.addClassNames("panel-charts", "chart-grid--three");
        add(emptyState, charts);
    }

    /** Draws the window's intervals of {@code step}; one still running at {@code now} is left out, as elsewhere. */
    void show(EngineGauges gauges, Duration step, Instant now) {
        boolean hasUtilisation = gauges.has(EngineGauges.GPU_UTIL) || gauges.has(EngineGauges.GPU_ACTIVE);
        boolean any = hasUtilisation || gauges.has(EngineGauges.GPU_MEMORY) || gauges.has(EngineGauges.GPU_POWER);
        emptyState.setVisible(!any);
        utilisation.setVisible(hasUtilisation);
        memory.setVisible(gauges.has(EngineGauges.GPU_MEMORY));
        power.setVisible(gauges.has(EngineGauges.GPU_POWER));
        if (hasUtilisation) {
            List<ChartSeries> series = new ArrayList<>();
            if (gauges.has(EngineGauges.GPU_UTIL)) {
                series.add(mean("utilisation (mean)", gauges.of(EngineGauges.GPU_UTIL), step, now));
                series.add(peak("utilisation (max GPU)", gauges.of(EngineGauges.GPU_UTIL), step, now));
            }
            if (gauges.has(EngineGauges.GPU_ACTIVE)) {
                series.add(ChartSeries.solid(
                        "graphics engine active (mean)",
                        ACTIVE,
                        points(gauges.of(EngineGauges.GPU_ACTIVE), GaugePoint::avg, step, now)));
            }
            utilisation.setConfig(ChartConfig.line(
                    "gpu-utilisation", MetricsCharts.GROUP, "GPU utilisation", ChartUnit.PERCENT, series));
        }
        if (gauges.has(EngineGauges.GPU_MEMORY)) {
            List<GaugePoint> readings = gauges.of(EngineGauges.GPU_MEMORY);
            memory.setConfig(ChartConfig.line(
                    "gpu-memory",
                    MetricsCharts.GROUP,
                    "GPU memory used, % of used + free",
                    ChartUnit.PERCENT,
                    List.of(
                            mean("memory (mean)", readings, step, now),
                            peak("memory (max GPU)", readings, step, now))));
        }
        if (gauges.has(EngineGauges.GPU_POWER)) {
            List<GaugePoint> readings = gauges.of(EngineGauges.GPU_POWER);
            power.setConfig(ChartConfig.line(
                    "gpu-power",
                    MetricsCharts.GROUP,
                    "GPU power draw, per GPU",
                    ChartUnit.WATTS,
                    List.of(mean("power (mean)", readings, step, now), peak("power (max GPU)", readings, step, now))));
        }
    }

    private static ChartSeries mean(String name, List<GaugePoint> readings, Duration step, Instant now) {
        return ChartSeries.solid(name, MEAN, points(readings, GaugePoint::avg, step, now));
    }

    private static ChartSeries peak(String name, List<GaugePoint> readings, Duration step, Instant now) {
        return new ChartSeries(name, PEAK, true, points(readings, GaugePoint::max, step, now));
    }
}
