package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.metrics.EngineGauges.GaugePoint;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class GpuChartsTest {

    private static final Instant FROM = Instant.parse("2026-11-22T09:00:00Z");
    private static final Instant NOW = FROM.plusSeconds(630);

    @Test
    void utilisation_memory_and_power_are_charted_as_the_mean_and_the_busiest_gpu() {
        EngineGauges gauges = new EngineGauges(Map.of(
                EngineGauges.GPU_UTIL, tenMinutes(45.5, 91.0),
                EngineGauges.GPU_ACTIVE, tenMinutes(7.8, 15.6),
                EngineGauges.GPU_MEMORY, tenMinutes(17.2, 34.3),
                EngineGauges.GPU_POWER, tenMinutes(42.3, 68.2)));
        GpuCharts charts = new GpuCharts();

        charts.show(gauges, Duration.ofMinutes(1), NOW);

        assertThat(charts.emptyState.isVisible()).isFalse();
        assertThat(names(charts.utilisation))
                .containsExactly("utilisation (mean)", "utilisation (max GPU)", "graphics engine active (mean)");
        assertThat(names(charts.memory)).containsExactly("memory (mean)", "memory (max GPU)");
        assertThat(names(charts.power)).containsExactly("power (mean)", "power (max GPU)");
        assertThat(charts.power.getConfig().orElseThrow().unit()).isEqualTo(ChartUnit.WATTS);
        assertThat(ys(charts.utilisation, 0)).hasSize(10).containsOnly(45.5);
        assertThat(ys(charts.utilisation, 1)).containsOnly(91.0);
        assertThat(ys(charts.memory, 0)).containsOnly(17.2);
    }

    @Test
    void without_gpu_readings_a_sentence_says_how_to_get_them_and_no_chart_shows() {
        GpuCharts charts = new GpuCharts();

        charts.show(new EngineGauges(Map.of(EngineGauges.RUNNING, tenMinutes(3.0, 5.0))), Duration.ofMinutes(1), NOW);

        assertThat(charts.emptyState.isVisible()).isTrue();
        assertThat(charts.emptyState.getText()).isEqualTo(GpuCharts.NO_GPU);
        assertThat(List.of(charts.utilisation, charts.memory, charts.power)).noneMatch(ApexChart::isVisible);
    }

    @Test
    void an_exporter_without_profiling_metrics_charts_utilisation_alone() {
        GpuCharts charts = new GpuCharts();

        charts.show(
                new EngineGauges(Map.of(EngineGauges.GPU_UTIL, tenMinutes(10.0, 20.0))), Duration.ofMinutes(1), NOW);

        assertThat(names(charts.utilisation)).containsExactly("utilisation (mean)", "utilisation (max GPU)");
        assertThat(charts.memory.isVisible()).isFalse();
        assertThat(charts.power.isVisible()).isFalse();
    }

    /** Ten ended minutes and the one still running at {@link #NOW}. */
    private static List<GaugePoint> tenMinutes(double mean, double max) {
        return IntStream.rangeClosed(0, 10)
                .mapToObj(i -> new GaugePoint(FROM.plusSeconds(60L * i), mean, max, 0.0))
                .toList();
    }

    private static List<String> names(ApexChart chart) {
        return chart.getConfig().orElseThrow().series().stream()
                .map(ChartSeries::name)
                .toList();
    }

    private static List<Double> ys(ApexChart chart, int series) {
        return chart.getConfig().orElseThrow().series().get(series).data().stream()
                .map(ChartPoint::y)
                .toList();
    }
}
