package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.DimensionRollupRangeStore;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
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
    private final DimensionRollupRangeStore dimensionRollups;

    HeatmapService(
            DeploymentService deployments,
            RequestRollupRangeStore requestRollups,
            DimensionRollupRangeStore dimensionRollups) {
        this.deployments = deployments;
        this.requestRollups = requestRollups;
        this.dimensionRollups = dimensionRollups;
    }

    /** The heatmap of the deployment's requests with one value of a dimension (null: all requests). */
    @Transactional(readOnly = true)
    public Heatmap query(
            TenantScope scope,
            String deploymentSlug,
            HeatmapMetric metric,
            QueryWindow window,
            @Nullable DimensionValue filter) {
        return query(deployments.require(scope, deploymentSlug), metric, window, filter);
    }

    /**
     * The heatmap of a deployment the caller has resolved already (the deployment page, once per visit), of the
     * requests with one value of a dimension from that value's rollups, or of all requests (null).
     */
    @Transactional(readOnly = true)
    public Heatmap query(
            DeploymentRef deployment, HeatmapMetric metric, QueryWindow window, @Nullable DimensionValue filter) {
        List<Instant> starts = new ArrayList<>(window.points());
        List<LatencySketch> sketches = new ArrayList<>(window.points());
        for (int i = 0; i < window.points(); i++) {
            starts.add(window.intervalStart(i));
            sketches.add(LatencySketch.empty());
        }
        Function<Instant, LatencySketch> into = bucket -> sketches.get(window.intervalOf(bucket));
        if (filter == null) {
            requestRollups.mergeSketchInto(
                    deployment.tenantId(),
                    deployment.id(),
                    metric.sketch(),
                    window.resolution(),
                    window.from(),
                    window.to(),
                    into);
        } else {
            dimensionRollups.mergeSketchInto(
                    deployment.tenantId(),
                    deployment.id(),
                    filter,
                    metric.sketch(),
                    window.resolution(),
                    window.from(),
                    window.to(),
                    into);
        }
        return HeatmapBucketing.of(deployment.slug(), metric, window, starts, sketches);
    }
}
