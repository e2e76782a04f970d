package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetOrderTest {

    @Test
    void firing_deployments_come_first_then_breached_then_near_their_slo_then_the_rest_by_natural_name() {
        List<FleetRow> rows = new ArrayList<>(List.of(
                row("Fleet 10", SloState.MET, false),
                row("Fleet 2", SloState.NO_DATA, false),
                row("Fleet 100", SloState.BREACHED, false),
                row("Fleet 1", SloState.MET, false),
                row("Fleet 30", SloState.MET, true),
                row("Fleet 3", SloState.AT_RISK, false),
                row("Fleet 20", SloState.BREACHED, false)));

        rows.sort(FleetOrder.BY_STATE);

        assertThat(rows)
                .extracting(FleetRow::displayName)
                .containsExactly("Fleet 30", "Fleet 20", "Fleet 100", "Fleet 3", "Fleet 1", "Fleet 10", "Fleet 2");
    }

    @Test
    void a_figure_sort_puts_deployments_without_the_figure_last_when_descending_and_breaks_ties_by_state() {
        List<FleetRow> rows = new ArrayList<>(List.of(
                row("B", SloState.MET, false, 2.0),
                row("A", SloState.MET, false, null),
                row("D", SloState.MET, false, 9.0),
                row("C", SloState.BREACHED, false, 9.0)));

        rows.sort(FleetSort.KV.comparator(true));

        assertThat(rows).extracting(FleetRow::displayName).containsExactly("C", "D", "B", "A");
    }

    static FleetRow row(String name, SloState state, boolean firing) {
        return row(name, state, firing, null);
    }

    private static FleetRow row(String name, SloState state, boolean firing, Double kvMean) {
        return new FleetRow(
                name.toLowerCase().replace(' ', '-'),
                name,
                "tenant",
                "Tenant",
                "model",
                "vLLM",
                "eu-west",
                1.0,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                kvMean,
                null,
                0,
                0,
                null,
                null,
                0,
                null,
                null,
                null,
                null,
                state,
                firing,
                List.of(),
                null,
                null);
    }
}
