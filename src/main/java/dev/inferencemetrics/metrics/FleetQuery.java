package dev.inferencemetrics.metrics;

import dev.inferencemetrics.rollup.DimensionValue;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Which deployments of the fleet, in what order: those whose name, slug, model, engine or tenant contains
 * {@code text}, in one of {@code states} (all when empty), archived ones only when asked for; with a {@code filter},
 * each deployment's request figures (and so its state) are those of the requests with that value of a dimension.
 */
public record FleetQuery(
        String text,
        Set<FleetState> states,
        boolean includeArchived,
        FleetSort sort,
        boolean descending,
        @Nullable DimensionValue filter) {

    public FleetQuery(
            String text, Set<FleetState> states, boolean includeArchived, FleetSort sort, boolean descending) {
        this(text, states, includeArchived, sort, descending, null);
    }

    public FleetQuery {
        states = Set.copyOf(states);
    }

    /** Every active deployment, firing and breaching first. */
    public static FleetQuery all() {
        return new FleetQuery("", Set.of(), false, FleetSort.STATE, false);
    }

    public FleetQuery withArchived(boolean includeArchived) {
        return new FleetQuery(text, states, includeArchived, sort, descending, filter);
    }

    public FleetQuery filteredTo(@Nullable DimensionValue filter) {
        return new FleetQuery(text, states, includeArchived, sort, descending, filter);
    }

    public FleetQuery withText(String text) {
        return new FleetQuery(text, states, includeArchived, sort, descending, filter);
    }

    public FleetQuery sortedBy(FleetSort sort, boolean descending) {
        return new FleetQuery(text, states, includeArchived, sort, descending, filter);
    }

    boolean admits(FleetRow row) {
        return states.isEmpty() || states.contains(row.state());
    }
}
