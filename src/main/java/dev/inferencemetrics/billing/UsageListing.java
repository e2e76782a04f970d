package dev.inferencemetrics.billing;

import java.util.Locale;

/**
 * Which deployments' usage a page of the list shows: those whose name, slug or tenant contains {@code text} (any
 * case; empty matches all), in the given order (ties by slug).
 */
public record UsageListing(String text, UsageSort sort, boolean descending) {

    public UsageListing {
        text = text.trim().toLowerCase(Locale.ROOT);
    }

    public static UsageListing byName(String text) {
        return new UsageListing(text, UsageSort.DEPLOYMENT, false);
    }
}
