package dev.inferencemetrics.alert;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One alert as the history page and the API show it. */
public record AlertSummary(
        long id,
        String tenant,
        String tenantName,
        String deployment,
        String deploymentName,
        long ruleId,
        String rule,
        Severity severity,
        String condition,
        AlertState state,
        Instant pendingSince,
        @Nullable Instant firedAt,
        @Nullable Instant resolvedAt,
        double value,
        double peakValue,
        boolean silenced,
        @Nullable String acknowledgedBy,
        @Nullable Instant acknowledgedAt) {}
