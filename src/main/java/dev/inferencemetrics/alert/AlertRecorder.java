package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.notify.NoticeEvent;
import dev.inferencemetrics.notify.Notifications;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Carries out an evaluation's {@link Decision}s: writes the alerts and queues the messages of those that fire or
 * resolve, in the caller's transaction (all tenants declared).
 */
@Component
@EnableConfigurationProperties(AlertProperties.class)
class AlertRecorder {

    private final AlertStore alerts;
    private final Notifications notifications;
    private final NoticeWriter writer;

    AlertRecorder(AlertStore alerts, Notifications notifications, AlertProperties properties) {
        this.alerts = alerts;
        this.notifications = notifications;
        this.writer = new NoticeWriter(properties);
    }

    /** Applies each decision about the deployment's alerts; {@code tenant} is its tenant's slug, for the messages. */
    void record(DeploymentRef deployment, String tenant, List<Decision> decisions, Instant now) {
        for (Decision decision : decisions) {
            AlertRule rule = decision.rule();
            double value = decision.value();
            String reason = decision.reason();
            boolean silenced = decision.silenced();
            switch (decision.step()) {
                case NONE -> {}
                case OPEN_PENDING -> alerts.open(rule, AlertState.PENDING, now, value, reason, silenced);
                case OPEN_FIRING -> {
                    long id = alerts.open(rule, AlertState.FIRING, now, value, reason, silenced);
                    announce(
                            deployment, tenant, NoticeEvent.FIRING, id, rule, value, reason, value, now, now, silenced);
                }
                case UPDATE -> alerts.updateAll(List.of(decision.refresh()));
                case FIRE -> {
                    OpenAlert pending = decision.alert();
                    alerts.fire(rule.tenantId(), pending.id(), now, value, reason, silenced);
                    announce(
                            deployment,
                            tenant,
                            NoticeEvent.FIRING,
                            pending.id(),
                            rule,
                            value,
                            reason,
                            Math.max(value, pending.peakValue()),
                            now,
                            now,
                            silenced);
                }
                case DROP -> alerts.drop(rule.tenantId(), decision.alert().id());
                case RESOLVE -> {
                    OpenAlert firing = decision.alert();
                    alerts.resolve(rule.tenantId(), firing.id(), now, value);
                    announce(
                            deployment,
                            tenant,
                            NoticeEvent.RESOLVED,
                            firing.id(),
                            rule,
                            value,
                            reason,
                            firing.peakValue(),
                            Objects.requireNonNull(firing.firedAt()),
                            now,
                            firing.silenced());
                }
            }
        }
    }

    /** The new values of alerts that stay as they are, many deployments' in one statement. */
    void refresh(List<Decision.ValueRefresh> refreshes) {
        alerts.updateAll(refreshes);
    }

    /** A silenced alert is recorded but announced to nobody, its resolution included. */
    private void announce(
            DeploymentRef deployment,
            String tenant,
            NoticeEvent event,
            long alertId,
            AlertRule rule,
            double value,
            @Nullable String reason,
            double peak,
            Instant firedAt,
            Instant now,
            boolean silenced) {
        if (silenced) {
            return;
        }
        Instant resolvedAt = event == NoticeEvent.RESOLVED ? now : null;
        notifications.enqueue(
                writer.notice(event, alertId, rule, deployment, tenant, value, reason, peak, firedAt, resolvedAt), now);
    }
}
