package dev.inferencemetrics.deployment;

import java.util.Locale;

/**
 * Which deployments a list shows: those whose name, slug or tenant contains {@code text} (any case; empty matches
 * all), archived ones (or those of archived tenants) only when asked for.
 */
public record DeploymentFilter(String text, boolean includeArchived) {

    public DeploymentFilter {
        text = text.trim().toLowerCase(Locale.ROOT);
    }

    public static DeploymentFilter active(String text) {
        return new DeploymentFilter(text, false);
    }
}
