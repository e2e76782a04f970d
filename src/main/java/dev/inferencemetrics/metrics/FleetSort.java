package dev.inferencemetrics.metrics;

import java.util.Comparator;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** What the fleet can be sorted by; ties, and the default, follow {@link FleetOrder#BY_STATE}. */
public enum FleetSort {
    STATE(FleetOrder.BY_STATE),
    NAME(FleetOrder.BY_NAME),
    TENANT(Comparator.comparing(FleetRow::tenantName, NaturalOrder.INSTANCE)),
    MODEL(Comparator.comparing(FleetRow::model, NaturalOrder.INSTANCE).thenComparing(FleetRow::engine)),
    REQUESTS(Comparator.comparingDouble(FleetRow::requestsPerSecond)),
    TTFT(figure(FleetRow::ttftP50)),
    ITL(figure(FleetRow::itlP50)),
    KV(figure(FleetRow::kvMean)),
    GOODPUT(figure(FleetRow::goodputPct)),
    /** Cost per million output tokens; a cost in more than one currency sorts with those without one. */
    COST_PER_MTOK(figure(FleetRow::costPerMtokOutputAmount));

    private final Comparator<FleetRow> order;

    FleetSort(Comparator<FleetRow> order) {
        this.order = order;
    }

    /** This order, ascending or not; ties by state and name either way. */
    public Comparator<FleetRow> comparator(boolean descending) {
        return (descending ? order.reversed() : order).thenComparing(FleetOrder.BY_STATE);
    }

    /** A deployment without the figure sorts below every figure. */
    private static Comparator<FleetRow> figure(Function<FleetRow, @Nullable Double> value) {
        return Comparator.comparing(value, Comparator.nullsFirst(Double::compare));
    }
}
