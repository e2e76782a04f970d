package dev.inferencemetrics.compare;

import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.tenancy.TenantScope;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Compares two deployments, one deployment over two periods, or two values of a dimension (consumers, adapters,
 * priorities), from each window's merged rollups: the API and the
 * Compare page read the same answer. Each side is read under the caller's tenant scope, as a metrics query is.
 */
@Service
public class CompareService {

    private final MetricsQueryService metrics;

    CompareService(MetricsQueryService metrics) {
        this.metrics = metrics;
    }

    /**
     * @throws dev.inferencemetrics.deployment.DeploymentNotFoundException for a slug the scope cannot see
     */
    @Transactional(readOnly = true)
    public Comparison compare(TenantScope scope, CompareRequest request) {
        return Comparison.of(
                metrics.queryMerged(scope, request.a(), request.aWindow(), request.aFilter()),
                request.aFilter(),
                metrics.queryMerged(scope, request.b(), request.bWindow(), request.bFilter()),
                request.bFilter());
    }
}
