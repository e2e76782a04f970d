package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.RequestCursor;
import dev.inferencemetrics.ingest.RequestRow;
import dev.inferencemetrics.ingest.RequestSamplePageStore;
import dev.inferencemetrics.ingest.RetentionProperties;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The raw requests behind a chart interval, a page at a time, within the caller's tenant scope. Intervals are at
 * most an hour wide, so the rows an interval selects — and sorts — stay bounded; past the raw retention only the
 * rollup sketches remain, and the page carries the interval's distribution from them instead.
 */
@Service
public class RequestDrillDownService {

    public static final Duration MAX_WIDTH = Duration.ofHours(1);
    public static final int MAX_PAGE = 1_000;

    private final DeploymentService deployments;
    private final RequestSamplePageStore samples;
    private final MetricsQueryService metrics;
    private final RetentionProperties retention;
    private final DeploymentRawRetention rawRetention;
    private final Clock clock;

    RequestDrillDownService(
            DeploymentService deployments,
            RequestSamplePageStore samples,
            MetricsQueryService metrics,
            RetentionProperties retention,
            DeploymentRawRetention rawRetention,
            Clock clock) {
        this.rawRetention = rawRetention;
        this.deployments = deployments;
        this.samples = samples;
        this.metrics = metrics;
        this.retention = retention;
        this.clock = clock;
    }

    /**
     * @param after the {@code next} of the previous page, or null for the first
     * @param filter only the requests with this value of a dimension, or null for all
     * @throws UnusableValueException for an empty or too wide interval, a bad limit or cursor
     */
    @Transactional(readOnly = true)
    public RequestPage page(
            TenantScope scope,
            String slug,
            Instant from,
            Instant to,
            RequestSort sort,
            boolean descending,
            int limit,
            @Nullable String after,
            @Nullable DimensionValue filter) {
        return page(deployments.require(scope, slug), from, to, sort, descending, limit, after, filter);
    }

    /**
     * A page of the requests of a deployment the caller has resolved already (the deployment page), of those with
     * one value of a dimension or all (null).
     */
    @Transactional(readOnly = true)
    public RequestPage page(
            DeploymentRef deployment,
            Instant from,
            Instant to,
            RequestSort sort,
            boolean descending,
            int limit,
            @Nullable String after,
            @Nullable DimensionValue filter) {
        if (!from.isBefore(to)) {
            throw new UnusableValueException("from must be before to");
        }
        if (Duration.between(from, to).compareTo(MAX_WIDTH) > 0) {
            throw new UnusableValueException("a drill-down spans at most 1 hour of requests; pick a narrower interval");
        }
        if (limit < 1 || limit > MAX_PAGE) {
            throw new UnusableValueException("limit must be between 1 and " + MAX_PAGE);
        }
        RequestCursor cursor = after == null || after.isBlank() ? null : RequestCursor.decode(after);
        String slug = deployment.slug();
        if (from.isBefore(rawKeptSince(deployment))) {
            QueryWindow window = QueryWindow.of(from, to, null);
            DeploymentMetrics.Summary distribution =
                    metrics.query(deployment, window, filter).summary();
            return new RequestPage(slug, from, to, sort.code(), descending, false, List.of(), null, distribution);
        }
        List<RequestSamplePageStore.Row> rows = samples.page(
                deployment.tenantId(), deployment.id(), from, to, filter, sort.order(), descending, cursor, limit);
        String next = rows.size() < limit ? null : rows.getLast().cursor().encoded();
        List<RequestRow> requests =
                rows.stream().map(RequestSamplePageStore.Row::request).toList();
        return new RequestPage(slug, from, to, sort.code(), descending, true, requests, next, null);
    }

    /** The oldest instant whose raw samples are kept for every deployment. */
    public Instant rawKeptSince() {
        return clock.instant().minus(retention.rawSamples());
    }

    /** The oldest instant whose raw samples of this deployment are kept: its own hours ("rollups only") if shorter. */
    public Instant rawKeptSince(DeploymentRef deployment) {
        Instant global = rawKeptSince();
        return rawRetention
                .of(deployment)
                .map(kept -> clock.instant().minus(kept))
                .filter(own -> own.isAfter(global))
                .orElse(global);
    }
}
