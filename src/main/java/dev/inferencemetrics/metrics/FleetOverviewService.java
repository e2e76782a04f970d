package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.security.DatabaseTenant;
import dev.inferencemetrics.security.TenantScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The last hour of every deployment a caller may see: rates, TTFT and ITL percentiles, KV mean and SLO state. */
@Service
public class FleetOverviewService {

    static final Duration WINDOW = Duration.ofHours(1);
    static final Duration TREND_STEP = Duration.ofMinutes(5);

    private final DeploymentService deployments;
    private final MetricsQueryService metrics;
    private final DatabaseTenant databaseTenant;
    private final Clock clock;

    FleetOverviewService(
            DeploymentService deployments, MetricsQueryService metrics, DatabaseTenant databaseTenant, Clock clock) {
        this.deployments = deployments;
        this.databaseTenant = databaseTenant;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** The active deployments the scope covers. */
    @Transactional(readOnly = true)
    public List<FleetRow> lastHour(TenantScope scope) {
        return lastHour(scope, false);
    }

    /** The deployments the scope covers; archived ones (or those of archived tenants) only when asked for. */
    @Transactional(readOnly = true)
    public List<FleetRow> lastHour(TenantScope scope, boolean includeArchived) {
        databaseTenant.declare(scope);
        Instant now = clock.instant();
        QueryWindow window = QueryWindow.of(now.minus(WINDOW), now, TREND_STEP);
        return deployments.visibleTo(scope, includeArchived).stream()
                .map(deployment -> row(deployment, metrics.query(scope, deployment.slug(), window), window))
                .toList();
    }

    private static FleetRow row(DeploymentListItem deployment, DeploymentMetrics metrics, QueryWindow window) {
        Summary summary = metrics.summary();
        SloState ttft = SloState.of(summary.ttft().p95(), summary.slo().ttftP95Ms());
        SloState itl = SloState.of(summary.itl().p95(), summary.slo().itlP95Ms());
        SloState errors = SloState.ofErrors(
                summary.requests(), summary.errors(), summary.slo().errorRateLimitPct());
        long seconds = Duration.between(window.from(), window.to()).getSeconds();
        return new FleetRow(
                deployment.slug(),
                deployment.displayName(),
                deployment.tenantName(),
                deployment.model(),
                deployment.engine(),
                (double) summary.requests() / seconds,
                summary.ttft().p50(),
                summary.ttft().p99(),
                summary.itl().p50(),
                summary.itl().p99(),
                summary.kvCache().mean(),
                worst(worst(ttft, itl), errors),
                metrics.series().ttft(),
                deployment.archivedAt());
    }

    /** Breached beats at risk beats met; no data only when neither metric has any. */
    static SloState worst(SloState a, SloState b) {
        if (a == SloState.NO_DATA) {
            return b;
        }
        if (b == SloState.NO_DATA) {
            return a;
        }
        return a.compareTo(b) >= 0 ? a : b;
    }
}
