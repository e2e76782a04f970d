package dev.inferencemetrics.scrape;

import dev.inferencemetrics.base.UnusableValueException;

/** The tenant has as many scrape targets as one tenant may have; nothing was added. */
public final class TargetLimitReached extends UnusableValueException {

    TargetLimitReached(int limit) {
        super("the tenant already has " + limit + " scrape targets, the most one tenant may have (an operator sets"
                + " inference-metrics.scrape.max-targets-per-tenant)");
    }
}
