package dev.inferencemetrics.alert;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** Holds back the notifications of a deployment's alerts — of one rule, or all of them — until it ends. */
public record Silence(
        long id,
        String deployment,
        @Nullable Long ruleId,
        Instant endsAt,
        String reason,
        String createdBy,
        Instant createdAt) {

    boolean covers(AlertRule rule, Instant now) {
        return now.isBefore(endsAt) && (ruleId == null || ruleId == rule.id());
    }
}
