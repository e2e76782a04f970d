package dev.inferencemetrics.alert.ui;

import dev.inferencemetrics.alert.AlertFilter;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.AlertSummary;
import dev.inferencemetrics.alert.Severity;
import dev.inferencemetrics.base.ui.chart.ChartBand;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.ui.page.ChartBands;
import dev.inferencemetrics.metrics.FleetAlerts;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.springframework.stereotype.Component;

/** Alerts as the Metrics charts (a band while each fired) and the fleet overview (firing first) show them. */
@Component
class AlertMarks implements ChartBands, FleetAlerts {

    static final String PAGE_COLOR = "#dc2626";
    static final String TICKET_COLOR = "#f59e0b";

    private final AlertService alerts;
    private final Clock clock;

    AlertMarks(AlertService alerts, Clock clock) {
        this.alerts = alerts;
        this.clock = clock;
    }

    @Override
    public List<ChartBand> bands(TenantScope scope, DeploymentRef deployment, Instant from, Instant to) {
        return alerts
                .alerts(scope, new AlertFilter(from, to, null, deployment.slug(), null, AlertFilter.MAX_LIMIT))
                .stream()
                .filter(alert -> alert.firedAt() != null)
                .map(this::band)
                .toList();
    }

    @Override
    public Set<String> firingDeployments(TenantScope scope) {
        return alerts.firingDeployments(scope);
    }

    private ChartBand band(AlertSummary alert) {
        Instant end = alert.resolvedAt() == null ? clock.instant() : alert.resolvedAt();
        return new ChartBand(
                Objects.requireNonNull(alert.firedAt()).toEpochMilli(),
                end.toEpochMilli(),
                alert.rule(),
                alert.severity() == Severity.PAGE ? PAGE_COLOR : TICKET_COLOR);
    }
}
