package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.SloState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetOrderTest {

    @Test
    void breached_deployments_come_first_then_those_near_their_slo_then_the_rest_by_natural_name() {
        List<FleetRow> rows = new ArrayList<>(List.of(
                row("Fleet 10", SloState.MET),
                row("Fleet 2", SloState.NO_DATA),
                row("Fleet 100", SloState.BREACHED),
                row("Fleet 1", SloState.MET),
                row("Fleet 3", SloState.AT_RISK),
                row("Fleet 20", SloState.BREACHED)));

        rows.sort(FleetOrder.BREACHING_FIRST);

        assertThat(rows)
                .extracting(FleetRow::displayName)
                .containsExactly("Fleet 20", "Fleet 100", "Fleet 3", "Fleet 1", "Fleet 10", "Fleet 2");
    }

    private static FleetRow row(String name, SloState state) {
        return new FleetRow(
                name.toLowerCase().replace(' ', '-'),
                name,
                "Tenant",
                "model",
                "vLLM",
                1.0,
                null,
                null,
                null,
                null,
                null,
                state,
                List.of(),
                null);
    }
}
