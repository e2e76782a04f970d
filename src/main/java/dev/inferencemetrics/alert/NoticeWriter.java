package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.notify.AlertNotice;
import dev.inferencemetrics.notify.NoticeEvent;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** Words an alert's state change as a notice, with a link to the deployment's page over the rule's window. */
final class NoticeWriter {

    private final String publicUrl;

    NoticeWriter(AlertProperties properties) {
        this.publicUrl = properties.publicUrl().toString().replaceAll("/+$", "");
    }

    AlertNotice notice(
            NoticeEvent event,
            long alertId,
            AlertRule rule,
            DeploymentRef deployment,
            String tenant,
            double value,
            @Nullable String reason,
            double peak,
            Instant firedAt,
            @Nullable Instant resolvedAt) {
        Instant to = resolvedAt == null ? firedAt : resolvedAt;
        String link = "%s/deployments/%s?from=%s&to=%s"
                .formatted(publicUrl, deployment.slug(), firedAt.minus(rule.longWindow()), to.plusSeconds(60));
        return new AlertNotice(
                event,
                alertId,
                deployment.tenantId(),
                tenant,
                deployment.slug(),
                deployment.displayName(),
                rule.name(),
                rule.severity().name(),
                reason == null ? rule.condition() : rule.condition() + ". " + reason,
                rule.longWindow(),
                value,
                rule.threshold(),
                peak,
                firedAt,
                resolvedAt,
                link);
    }
}
