package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrendLineTest {

    private static List<LatencyPoint> trend(Double... p50s) {
        List<LatencyPoint> points = new ArrayList<>();
        Instant t = Instant.parse("2026-11-24T13:00:00Z");
        for (Double p50 : p50s) {
            points.add(new LatencyPoint(t, p50 == null ? 0 : 10, p50, p50, p50, p50));
            t = t.plusSeconds(300);
        }
        return points;
    }

    @Test
    void the_medians_make_one_line_from_zero_to_the_highest() {
        String svg = TrendLine.svg(trend(100.0, 200.0, 400.0));

        assertThat(svg).startsWith("<svg").endsWith("</svg>").contains("width=\"84\"", "height=\"24\"");
        // x from 2 to 82, y: 400 ms at the top (2), 100 ms a quarter of the way up from the bottom (22)
        assertThat(svg).contains("points=\"2.0,17.0 42.0,12.0 82.0,2.0\"");
        assertThat(svg).contains("highest 5-minute median");
    }

    @Test
    void an_interval_without_requests_breaks_the_line() {
        String svg = TrendLine.svg(trend(100.0, 100.0, null, 100.0));

        assertThat(svg.split("<polyline", -1)).hasSize(2);
        assertThat(svg).contains("<circle");
    }

    @Test
    void an_hour_without_requests_draws_nothing_and_says_so() {
        String svg = TrendLine.svg(trend(null, null, null));

        assertThat(svg).doesNotContain("<polyline", "<circle").contains("no requests in the last hour");
    }
}
