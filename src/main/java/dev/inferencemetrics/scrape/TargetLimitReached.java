package dev.inferencemetrics.scrape;

/** The tenant has as many scrape targets as one tenant may have; nothing was added. */
public final class TargetLimitReached extends IllegalArgumentException {

    TargetLimitReached(int limit) {
        super("the tenant already has " + limit + " scrape targets, the most one tenant may have (an operator sets"
                + " inference-metrics.scrape.max-targets-per-tenant)");
    }
}
