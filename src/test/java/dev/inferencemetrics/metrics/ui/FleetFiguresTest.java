package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FleetFiguresTest {

    @Test
    void requests_waiting_per_replica_carry_thousands_separators_beside_the_kv_mean() {
        assertThat(FleetOverviewView.kvAndWaiting(42.0, 2826.0)).isEqualTo("42.0 % · 2,826.0 waiting");
        assertThat(FleetOverviewView.kvAndWaiting(42.0, null)).isEqualTo("42.0 %");
    }

    @Test
    void the_tooltip_gives_input_and_output_tokens_per_second_apart_and_their_sum_labelled_combined() {
        assertThat(FleetOverviewView.tokens(2_100.0, 840.0)).contains("input + output 2.94k tokens/s");
    }
}
