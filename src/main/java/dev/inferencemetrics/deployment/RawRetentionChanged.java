package dev.inferencemetrics.deployment;

import org.jspecify.annotations.Nullable;

/** An operator changed how long a deployment's raw request samples are kept; null hours: the global retention. */
public record RawRetentionChanged(
        long tenantId,
        long deploymentId,
        String slug,
        @Nullable Integer beforeHours,
        @Nullable Integer afterHours) {}
