package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A deployment's heatmap of one metric over a window: the stored rollup sketches merged per interval and counted
 * into shared log buckets. Raw samples are never scanned, so it answers for any window the rollups cover; of the
 * rollups only the metric's sketch column is read.
 */
@Service
public class HeatmapService {

    private final DeploymentService deployments;
    private final RequestRollupRangeStore requestRollups;

    HeatmapService(DeploymentService deployments, RequestRollupRangeStore requestRollups) {
        this.deployments = deployments;
        this.requestRollups = requestRollups;
    }

    @Transactional(readOnly = true)
    public Heatmap query(TenantScope scope, String deploymentSlug, HeatmapMetric metric, QueryWindow window) {
        return query(deployments.require(scope, deploymentSlug), metric, window);
    }

    /** The heatmap of a deployment the caller has resolved already (the deployment page, once per visit). */
    @Transactional(readOnly = true)
    public Heatmap query(DeploymentRef deployment, HeatmapMetric metric, QueryWindow window) {
        List<Instant> starts = new ArrayList<>(window.points());
        List<LatencySketch> sketches = new ArrayList<>(window.points());
        for (int i = 0; i < window.points(); i++) {
            starts.add(window.intervalStart(i));
            sketches.add(LatencySketch.empty());
        }
        requestRollups.mergeSketchInto(
                deployment.tenantId(),
                deployment.id(),
                metric.sketch(),
                window.resolution(),
                window.from(),
                window.to(),
                bucket -> sketches.get(window.intervalOf(bucket)));
        return HeatmapBucketing.of(deployment.slug(), metric, window, starts, sketches);
    }
}
