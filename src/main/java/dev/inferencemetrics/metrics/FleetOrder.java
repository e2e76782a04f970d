package dev.inferencemetrics.metrics;

import java.util.Comparator;

/**
 * The fleet's orders. The default: alerts firing first, then breached, near the SLO, met, without data; then by name.
 */
public final class FleetOrder {

    public static final Comparator<FleetRow> BY_NAME =
            Comparator.comparing(FleetRow::displayName, NaturalOrder.INSTANCE).thenComparing(FleetRow::slug);
    public static final Comparator<FleetRow> BY_STATE =
            Comparator.comparing(FleetRow::state).thenComparing(BY_NAME);

    private FleetOrder() {}
}
