package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import java.util.Locale;

/**
 * Where a deployment stands on the fleet overview, most urgent first: an alert firing, then its SLO state. The fleet
 * is sorted in this order, then by name.
 */
public enum FleetState {
    FIRING,
    BREACHED,
    AT_RISK,
    MET,
    NO_DATA;

    static FleetState of(boolean firing, SloState slo) {
        if (firing) {
            return FIRING;
        }
        return switch (slo) {
            case BREACHED -> BREACHED;
            case AT_RISK -> AT_RISK;
            case MET -> MET;
            case NO_DATA -> NO_DATA;
        };
    }

    /** As the API spells it: {@code firing}, {@code breached}, {@code at-risk}, {@code met}, {@code no-data}. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @throws UnusableValueException naming the accepted values, if {@code value} is none of them
     */
    public static FleetState ofApiName(String value) {
        for (FleetState state : values()) {
            if (state.apiName().equals(value.trim().toLowerCase(Locale.ROOT))) {
                return state;
            }
        }
        throw new UnusableValueException(
                "state must be one of firing, breached, at-risk, met, no-data (not '" + value + "')");
    }
}
