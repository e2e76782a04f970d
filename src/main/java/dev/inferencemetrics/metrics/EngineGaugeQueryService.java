package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.EngineGauges.GaugePoint;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Reads a deployment's scraped engine gauges for a window, merging rollups into the window's intervals. */
@Service
public class EngineGaugeQueryService {

    private final DeploymentService deployments;
    private final EngineGaugeRollupStore rollups;

    EngineGaugeQueryService(DeploymentService deployments, EngineGaugeRollupStore rollups) {
        this.deployments = deployments;
        this.rollups = rollups;
    }

    @Transactional(readOnly = true)
    public EngineGauges query(TenantScope scope, String deploymentSlug, QueryWindow window) {
        return query(deployments.require(scope, deploymentSlug), window);
    }

    /** The engine gauges of a deployment the caller has resolved already. */
    @Transactional(readOnly = true)
    public EngineGauges query(DeploymentRef deployment, QueryWindow window) {
        Map<String, EngineGaugeRollup[]> intervals = new HashMap<>();
        for (EngineGaugeRollup rollup :
                rollups.read(deployment.tenantId(), deployment.id(), window.resolution(), window.from(), window.to())) {
            int interval = window.intervalOf(rollup.bucket());
            EngineGaugeRollup[] row =
                    intervals.computeIfAbsent(rollup.metric(), m -> new EngineGaugeRollup[window.points()]);
            row[interval] = row[interval] == null ? rollup : row[interval].plus(rollup);
        }
        Map<String, List<GaugePoint>> series = new HashMap<>();
        intervals.forEach((metric, row) -> series.put(metric, points(window, row)));
        return new EngineGauges(series);
    }

    private static List<GaugePoint> points(QueryWindow window, EngineGaugeRollup[] row) {
        List<GaugePoint> points = new ArrayList<>(row.length);
        for (int i = 0; i < row.length; i++) {
            Instant t = window.intervalStart(i);
            EngineGaugeRollup interval = row[i];
            points.add(
                    interval == null
                            ? new GaugePoint(t, null, null, null)
                            : new GaugePoint(t, interval.avg(), interval.max(), interval.min()));
        }
        return points;
    }
}
