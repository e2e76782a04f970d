package dev.inferencemetrics.metrics.ui;

import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.SloState;
import java.util.Comparator;

/** The fleet overview's default order: breached first, then near the SLO, met, without data; then by name. */
final class FleetOrder {

    static final Comparator<FleetRow> BY_NAME = Comparator.comparing(FleetRow::displayName, NaturalOrder.INSTANCE);
    static final Comparator<FleetRow> BREACHING_FIRST =
            Comparator.comparingInt((FleetRow row) -> severity(row.sloState())).thenComparing(BY_NAME);

    private FleetOrder() {}

    static int severity(SloState state) {
        return switch (state) {
            case BREACHED -> 0;
            case AT_RISK -> 1;
            case MET -> 2;
            case NO_DATA -> 3;
        };
    }
}
