package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.notify.NoticeEvent;
import dev.inferencemetrics.notify.Notifications;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** One evaluation of one deployment's rules: each rule's step applied to its alert, messages recorded alongside. */
final class DeploymentEvaluation {

    private final DeploymentRef deployment;
    private final String tenant;
    private final Instant now;
    private final AlertStore alerts;
    private final Notifications notifications;
    private final NoticeWriter writer;

    DeploymentEvaluation(
            DeploymentRef deployment,
            String tenant,
            Instant now,
            AlertStore alerts,
            Notifications notifications,
            NoticeWriter writer) {
        this.deployment = deployment;
        this.tenant = tenant;
        this.now = now;
        this.alerts = alerts;
        this.notifications = notifications;
        this.writer = writer;
    }

    /**
     * When no alert changes state — every rule's step is {@link Step#NONE} or {@link Step#UPDATE} — the open alerts'
     * new values, which need no transaction of the deployment's own; empty when some alert opens, fires, resolves or
     * is dropped.
     */
    static Optional<List<ValueRefresh>> refreshesOnly(
            List<AlertRule> rules, RuleValues values, Map<Long, OpenAlert> open, Instant now) {
        List<ValueRefresh> refreshes = new ArrayList<>();
        for (AlertRule rule : rules) {
            double value = valueOf(rule, values);
            Optional<OpenAlert> alert = Optional.ofNullable(open.get(rule.id()));
            switch (Step.next(rule, value, alert, now)) {
                case NONE -> {}
                case UPDATE ->
                    refreshes.add(new ValueRefresh(
                            rule.tenantId(), alert.orElseThrow().id(), value));
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(refreshes);
    }

    /** An open alert's value now (its peak follows). */
    record ValueRefresh(long tenantId, long alertId, double value) {}

    /** A switched-off rule (or one whose objective is off) counts as 0, so it resolves. */
    private static double valueOf(AlertRule rule, RuleValues values) {
        return rule.enabled() ? values.of(rule).orElse(0) : 0;
    }

    /** Applies each rule's step to the deployment's {@code open} alerts, as they stand in this transaction. */
    void apply(List<AlertRule> rules, RuleValues values, List<Silence> silences, Map<Long, OpenAlert> open) {
        for (AlertRule rule : rules) {
            double value = valueOf(rule, values);
            boolean silenced = silences.stream().anyMatch(silence -> silence.covers(rule, now));
            Optional<OpenAlert> alert = Optional.ofNullable(open.get(rule.id()));
            switch (Step.next(rule, value, alert, now)) {
                case NONE -> {}
                case OPEN_PENDING -> alerts.open(rule, AlertState.PENDING, now, value, silenced);
                case OPEN_FIRING -> {
                    long id = alerts.open(rule, AlertState.FIRING, now, value, silenced);
                    announce(NoticeEvent.FIRING, id, rule, value, value, now, silenced);
                }
                case UPDATE ->
                    alerts.update(rule.tenantId(), alert.orElseThrow().id(), value);
                case FIRE -> {
                    OpenAlert pending = alert.orElseThrow();
                    alerts.fire(rule.tenantId(), pending.id(), now, value, silenced);
                    announce(
                            NoticeEvent.FIRING,
                            pending.id(),
                            rule,
                            value,
                            Math.max(value, pending.peakValue()),
                            now,
                            silenced);
                }
                case DROP -> alerts.drop(rule.tenantId(), alert.orElseThrow().id());
                case RESOLVE -> {
                    OpenAlert firing = alert.orElseThrow();
                    alerts.resolve(rule.tenantId(), firing.id(), now, value);
                    announce(
                            NoticeEvent.RESOLVED,
                            firing.id(),
                            rule,
                            value,
                            firing.peakValue(),
                            Objects.requireNonNull(firing.firedAt()),
                            firing.silenced());
                }
            }
        }
    }

    /** A silenced alert is recorded but announced to nobody, its resolution included. */
    private void announce(
            NoticeEvent event,
            long alertId,
            AlertRule rule,
            double value,
            double peak,
            Instant firedAt,
            boolean silenced) {
        if (silenced) {
            return;
        }
        Instant resolvedAt = event == NoticeEvent.RESOLVED ? now : null;
        notifications.enqueue(
                writer.notice(event, alertId, rule, deployment, tenant, value, peak, firedAt, resolvedAt), now);
    }
}
