package dev.inferencemetrics.autoscale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.RequestRollup;
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
    void the_busiest_minute_is_sized_at_the_ceiling_of_the_target_with_the_service_time_net_of_queueing() {
        RequestRollup window = new RequestRollup(WINDOW.from());
        for (int i = 0; i < 2_700; i++) {
            window.addRequest(true, 10, 4);
        }
        window.ttft().add(150, 2_700);
        window.queue().add(100, 2_700);

        ScalingReader.Sizing sizing = ScalingReader.Sizing.of(window, 2_100, 500);

        // 35 requests/s at the peak, 50 ms of service, a 70 % ceiling: 14 requests/s a replica, ⌈2.5⌉ = 3
        assertThat(sizing.peakRequestsPerSecond()).isEqualTo(35.0);
        assertThat(sizing.serviceTimeMs()).isCloseTo(50, within(2.5));
        assertThat(sizing.replicas()).isEqualTo(3);
    }

    @Test
    void a_target_no_longer_than_the_service_time_gets_no_recommendation() {
        RequestRollup window = new RequestRollup(WINDOW.from());
        window.addRequest(true, 10, 4);
        window.ttft().add(800);

        ScalingReader.Sizing sizing = ScalingReader.Sizing.of(window, 1, 500);

        assertThat(sizing.serviceTimeMs()).isCloseTo(800, within(8.0));
        assertThat(sizing.replicas()).isNull();
    }

    @Test
    void failed_requests_alone_give_a_peak_but_no_service_time_and_no_recommendation() {
        RequestRollup window = new RequestRollup(WINDOW.from());
        window.addRequest(false, 10, 0);
        window.addFailure(FailedStatus.TIMEOUT);

        ScalingReader.Sizing sizing = ScalingReader.Sizing.of(window, 1, 500);

        assertThat(sizing.peakRequestsPerSecond()).isEqualTo(1 / 60.0);
        assertThat(sizing.serviceTimeMs()).isNull();
        assertThat(sizing.replicas()).isNull();
    }

    @Test
    void without_requests_there_is_no_concurrency_to_tell() {
        assertThat(ScalingReader.concurrency(LatencySketch.empty(), WINDOW)).isNull();
    }
}
