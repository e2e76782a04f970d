package dev.inferencemetrics.metrics;

import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** One deployment's last hour at a glance, for the fleet overview; {@code archivedAt} is null while it is active. */
public record FleetRow(
        String slug,
        String displayName,
        String tenantName,
        String model,
        String engine,
        double requestsPerSecond,
        @Nullable Double ttftP50,
        @Nullable Double ttftP99,
        @Nullable Double itlP50,
        @Nullable Double itlP99,
        @Nullable Double kvMean,
        SloState sloState,
        List<LatencyPoint> ttftTrend,
        @Nullable Instant archivedAt) {}
