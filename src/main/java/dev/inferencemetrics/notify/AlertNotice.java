package dev.inferencemetrics.notify;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a message says about an alert; its JSON form is the generic webhook's payload (see the README). The window is
 * the rule's long window ending at the alert's time; the link opens the deployment's page over it.
 */
public record AlertNotice(
        NoticeEvent event,
        long alertId,
        long tenantId,
        String tenant,
        String deployment,
        String deploymentName,
        String rule,
        String severity,
        String condition,
        Duration window,
        double value,
        double threshold,
        double peakValue,
        Instant firedAt,
        @Nullable Instant resolvedAt,
        String link) {

    /** The one-line summary that Slack and the e-mail subject show. */
    public String headline() {
        return "[%s] %s %s on %s: %s (value %s)"
                .formatted(
                        event,
                        severity,
                        rule,
                        deployment,
                        condition,
                        String.format(java.util.Locale.ROOT, "%.2f", value));
    }
}
