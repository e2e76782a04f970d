package dev.inferencemetrics.slo;

/**
 * An objective's error budget over a period: how many bad events it allowed for the events that came, how many it
 * has had, and what share of the budget remains (negative once overspent).
 */
public record ErrorBudget(SloObjective objective, EventCounts counts) {

    /** Bad events the target allows for the events counted so far. */
    public double allowedBad() {
        return objective.allowedBadFraction() * counts.total();
    }

    /** The share of the budget spent: bad ÷ allowed bad; 0 with no events. */
    public double spentFraction() {
        return counts.total() == 0 ? 0 : counts.bad() / allowedBad();
    }

    public double remainingFraction() {
        return 1 - spentFraction();
    }

    /** The good share of events, or 1 with none. */
    public double compliance() {
        return 1 - counts.badFraction();
    }

    public boolean exhausted() {
        return remainingFraction() <= 0;
    }
}
