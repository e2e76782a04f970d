package dev.inferencemetrics.alert;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One alert as the history page and the API show it; {@code reason} says why its value is what it is where the rule
 * says more than its value (the consumers outside the TTFT objective), as of its last evaluation while open.
 */
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
        @Nullable String reason,
        boolean silenced,
        @Nullable String acknowledgedBy,
        @Nullable Instant acknowledgedAt) {
    /** The rule's condition, and the reason where there is one. */
    public String explained() {
        return reason == null ? condition : condition + ". " + reason;
    }
}
