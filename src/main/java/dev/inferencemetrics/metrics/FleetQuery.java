package dev.inferencemetrics.metrics;

import java.util.Set;

/**
 * Which deployments of the fleet, in what order: those whose name, slug, model, engine or tenant contains
 * {@code text}, in one of {@code states} (all when empty), archived ones only when asked for.
 */
public record FleetQuery(
        String text, Set<FleetState> states, boolean includeArchived, FleetSort sort, boolean descending) {

    public FleetQuery {
        states = Set.copyOf(states);
    }

    /** Every active deployment, firing and breaching first. */
    public static FleetQuery all() {
        return new FleetQuery("", Set.of(), false, FleetSort.STATE, false);
    }

    public FleetQuery withArchived(boolean includeArchived) {
        return new FleetQuery(text, states, includeArchived, sort, descending);
    }

    public FleetQuery withText(String text) {
        return new FleetQuery(text, states, includeArchived, sort, descending);
    }

    public FleetQuery sortedBy(FleetSort sort, boolean descending) {
        return new FleetQuery(text, states, includeArchived, sort, descending);
    }

    boolean admits(FleetRow row) {
        return states.isEmpty() || states.contains(row.state());
    }
}
