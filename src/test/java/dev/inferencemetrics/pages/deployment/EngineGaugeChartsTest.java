package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.metrics.EngineGauges.GaugePoint;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EngineGaugeChartsTest {

    private static final Instant FROM = Instant.parse("2026-11-22T09:00:00Z");

    @Test
    void the_queue_depth_and_prefix_cache_charts_leave_out_the_interval_still_running() {
        List<GaugePoint> hourAndRunningMinute = IntStream.rangeClosed(0, 60)
                .mapToObj(i -> new GaugePoint(FROM.plusSeconds(60L * i), 3.0, 5.0, 1.0))
                .toList();
        EngineGauges gauges = new EngineGauges(Map.of(
                EngineGauges.RUNNING, hourAndRunningMinute,
                EngineGauges.WAITING, hourAndRunningMinute,
                EngineGauges.PREFIX_HIT, hourAndRunningMinute));
        EngineGaugeCharts charts = new EngineGaugeCharts();

        charts.show(gauges, Duration.ofMinutes(1), FROM.plusSeconds(3630));

        assertThat(lastPoint(charts.queue)).isEqualTo(FROM.plusSeconds(3540).toEpochMilli());
        assertThat(pointCount(charts.queue)).isEqualTo(60);
        assertThat(pointCount(charts.prefixCache)).isEqualTo(60);
    }

    private static int pointCount(ApexChart chart) {
        return chart.getConfig().orElseThrow().series().getFirst().data().size();
    }

    private static long lastPoint(ApexChart chart) {
        List<ChartPoint> data =
                chart.getConfig().orElseThrow().series().getFirst().data();
        return data.getLast().x();
    }
}
