package dev.inferencemetrics.rollup.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatencySketchSloTest {

    @Test
    void the_share_within_a_threshold_counts_observations_at_or_below_it() {
        LatencySketch ttft = LatencySketch.empty();
        for (int ms = 1; ms <= 1000; ms++) {
            ttft.add(ms);
        }

        assertThat(ttft.fractionAtMost(500).orElseThrow()).isCloseTo(0.5, within(0.01));
        assertThat(ttft.fractionAtMost(2000).orElseThrow()).isEqualTo(1.0);
        assertThat(ttft.fractionAtMost(0.5).orElseThrow()).isZero();
    }

    @Test
    void zeros_are_within_any_threshold_and_an_empty_sketch_has_no_share() {
        LatencySketch gaps = LatencySketch.empty();
        gaps.add(0, 3);
        gaps.add(300, 1);

        assertThat(gaps.fractionAtMost(250).orElseThrow()).isEqualTo(0.75);
        assertThat(LatencySketch.empty().fractionAtMost(250)).isEmpty();
    }
}
