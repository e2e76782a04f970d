package dev.inferencemetrics.autoscale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ScalingReaderTest {

    private static final ScalingWindow WINDOW = ScalingWindow.endingBefore(Instant.parse("2026-11-27T10:07:42Z"));

    @Test
    void the_window_is_the_five_whole_minutes_before_the_current_one() {
        assertThat(WINDOW.from()).isEqualTo(Instant.parse("2026-11-27T10:02:00Z"));
        assertThat(WINDOW.to()).isEqualTo(Instant.parse("2026-11-27T10:07:00Z"));
        assertThat(WINDOW.seconds()).isEqualTo(300);
    }

    @Test
    void concurrency_is_the_time_requests_spent_in_the_system_over_the_windows_length() {
        LatencySketch e2e = LatencySketch.empty();
        // 600 requests of 2 s and 300 of 4 s: 2,400 s in the system over 300 s, 8 in flight on average
        e2e.add(2000, 600);
        e2e.add(4000, 300);

        assertThat(ScalingReader.concurrency(e2e, WINDOW))
                .isCloseTo(8.0, within(8.0 * LatencySketch.RELATIVE_ACCURACY));
    }

    @Test
    void without_requests_there_is_no_concurrency_to_tell() {
        assertThat(ScalingReader.concurrency(LatencySketch.empty(), WINDOW)).isNull();
    }
}
