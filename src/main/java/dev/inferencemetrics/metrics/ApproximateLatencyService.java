package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Bucketed latency from scraped engine histograms, used only when the deployment has no per-request source in the
 * window, so approximate figures never mix with exact ones. Rows of one metric with other bucket bounds than the
 * most common ones (an engine reconfigured mid-window) are left out rather than misread.
 */
@Service
public class ApproximateLatencyService {

    private static final double MS_PER_SECOND = 1000;

    private final DeploymentService deployments;
    private final RequestRollupRangeStore requests;
    private final EngineLatencyRollupStore histograms;

    ApproximateLatencyService(
            DeploymentService deployments, RequestRollupRangeStore requests, EngineLatencyRollupStore histograms) {
        this.deployments = deployments;
        this.requests = requests;
        this.histograms = histograms;
    }

    @Transactional(readOnly = true)
    public ApproximateLatency query(TenantScope scope, String deploymentSlug, QueryWindow window) {
        return query(deployments.require(scope, deploymentSlug), window);
    }

    /** The approximate latency of a deployment the caller has resolved already. */
    @Transactional(readOnly = true)
    public ApproximateLatency query(DeploymentRef deployment, QueryWindow window) {
        long tenant = deployment.tenantId();
        if (requests.anyIn(tenant, deployment.id(), window.resolution(), window.from(), window.to())) {
            return ApproximateLatency.none();
        }
        Map<String, List<EngineLatencyRollup>> byMetric =
                histograms.read(tenant, deployment.id(), window.resolution(), window.from(), window.to()).stream()
                        .collect(Collectors.groupingBy(EngineLatencyRollup::metric));
        Map<String, ApproximateLatency.Summary> summaries = new HashMap<>();
        byMetric.forEach((metric, rows) -> summary(rows).ifPresent(s -> summaries.put(metric, s)));
        return new ApproximateLatency(summaries);
    }

    private static Optional<ApproximateLatency.Summary> summary(List<EngineLatencyRollup> rows) {
        Map<List<Double>, List<EngineLatencyRollup>> byBounds = rows.stream()
                .collect(Collectors.groupingBy(
                        row -> Arrays.stream(row.upperBounds()).boxed().toList()));
        List<EngineLatencyRollup> common = byBounds.values().stream()
                .max((a, b) -> Integer.compare(a.size(), b.size()))
                .orElseThrow();
        double[] bounds = common.getFirst().upperBounds();
        long[] counts = new long[bounds.length];
        for (EngineLatencyRollup row : common) {
            long[] more = row.counts();
            for (int i = 0; i < counts.length; i++) {
                counts[i] += more[i];
            }
        }
        long total = Arrays.stream(counts).sum();
        return BucketedPercentile.of(0.5, bounds, counts)
                .map(p50 -> new ApproximateLatency.Summary(
                        total,
                        p50.scaled(MS_PER_SECOND),
                        BucketedPercentile.of(0.9, bounds, counts).orElseThrow().scaled(MS_PER_SECOND),
                        BucketedPercentile.of(0.95, bounds, counts)
                                .orElseThrow()
                                .scaled(MS_PER_SECOND),
                        BucketedPercentile.of(0.99, bounds, counts)
                                .orElseThrow()
                                .scaled(MS_PER_SECOND)));
    }
}
