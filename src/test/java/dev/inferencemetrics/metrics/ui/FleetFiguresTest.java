package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.billing.Costs;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class FleetFiguresTest {

    @Test
    void requests_waiting_per_replica_carry_thousands_separators_beside_the_kv_mean() {
        assertThat(FleetOverviewView.kvAndWaiting(42.0, 2826.0)).isEqualTo("42.0 % · 2,826.0 waiting");
        assertThat(FleetOverviewView.kvAndWaiting(42.0, null)).isEqualTo("42.0 %");
    }

    @Test
    void input_and_output_tokens_per_second_stand_apart_and_their_sum_is_labelled_combined() {
        assertThat(FleetOverviewView.inAndOut(2_100.0, 840.0)).isEqualTo("2.10k · 840");
        assertThat(FleetOverviewView.tokens(2_100.0, 840.0)).contains("input + output 2.94k tokens/s");
    }

    @Test
    void the_cost_per_million_tokens_is_exact_per_currency_and_a_dash_without_one() {
        assertThat(FleetOverviewView.costPerMtok(Costs.NONE.plus("USD", new BigDecimal("0.208333"))))
                .isEqualTo("USD 0.208333");
        assertThat(FleetOverviewView.costPerMtok(Costs.NONE)).isEqualTo("–");
    }
}
