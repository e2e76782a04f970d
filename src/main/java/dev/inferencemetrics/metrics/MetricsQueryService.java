package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentGoodputs;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.DeploymentMetrics.ErrorsByStatus;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics.Series;
import dev.inferencemetrics.metrics.DeploymentMetrics.SloCompliance;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionRollupRangeStore;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.tenancy.TenantScope;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Answers "what were the latency percentiles, KV-cache usage and throughput of this deployment over this window,
 * per interval" by merging rollups; raw samples are never scanned. Used by the UI and the HTTP API alike.
 */
@Service
public class MetricsQueryService {

    private final DeploymentService deployments;
    private final DeploymentGoodputs goodputs;
    private final RequestRollupRangeStore requestRollups;
    private final DimensionRollupRangeStore dimensionRollups;
    private final KvRollupStore kvRollups;
    private final Timer latency;

    MetricsQueryService(
            DeploymentService deployments,
            DeploymentGoodputs goodputs,
            RequestRollupRangeStore requestRollups,
            DimensionRollupRangeStore dimensionRollups,
            KvRollupStore kvRollups,
            MeterRegistry meters) {
        this.deployments = deployments;
        this.goodputs = goodputs;
        this.requestRollups = requestRollups;
        this.dimensionRollups = dimensionRollups;
        this.kvRollups = kvRollups;
        this.latency = Timer.builder("inference.metrics.query")
                .description("Time to answer a deployment's metrics, for the UI and the API alike")
                .publishPercentileHistogram()
                .register(meters);
    }

    @Transactional(readOnly = true)
    public DeploymentMetrics query(TenantScope scope, String deploymentSlug, QueryWindow window) {
        return query(deployments.require(scope, deploymentSlug), window);
    }

    /**
     * The metrics of the deployment's requests with one value of a dimension (null: all requests), from that value's
     * rollups; KV-cache figures are the deployment's, which no request names.
     */
    @Transactional(readOnly = true)
    public DeploymentMetrics query(
            TenantScope scope, String deploymentSlug, QueryWindow window, @Nullable DimensionValue filter) {
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        return latency.record(() -> merge(deployment, window, filter));
    }

    /** The metrics of a deployment the caller has resolved already (the deployment page, once per visit). */
    @Transactional(readOnly = true)
    public DeploymentMetrics query(DeploymentRef deployment, QueryWindow window) {
        return query(deployment, window, null);
    }

    /** The metrics of a resolved deployment's requests with one value of a dimension, or of all of them (null). */
    @Transactional(readOnly = true)
    public DeploymentMetrics query(DeploymentRef deployment, QueryWindow window, @Nullable DimensionValue filter) {
        return latency.record(() -> merge(deployment, window, filter));
    }

    /** Whether traffic of the dimension was counted under "other" in the window (a day's value cap was reached). */
    @Transactional(readOnly = true)
    public boolean anyOther(TenantScope scope, String deploymentSlug, QueryWindow window, Dimension dimension) {
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        return dimensionRollups.anyOther(
                deployment.tenantId(), deployment.id(), dimension, window.resolution(), window.from(), window.to());
    }

    /**
     * The whole window merged into one rollup, without per-interval series: the merged sketches keep their counts, so
     * a caller can say how precisely each percentile is known (a comparison of two windows does).
     */
    @Transactional(readOnly = true)
    public MergedWindow queryMerged(TenantScope scope, String deploymentSlug, QueryWindow window) {
        return queryMerged(scope, deploymentSlug, window, null);
    }

    /**
     * {@link #queryMerged(TenantScope, String, QueryWindow)} of the requests with one value of a dimension (null: all
     * requests), from that value's rollups; the KV-cache summary is the deployment's, which no request names.
     */
    @Transactional(readOnly = true)
    public MergedWindow queryMerged(
            TenantScope scope, String deploymentSlug, QueryWindow window, @Nullable DimensionValue filter) {
        return latency.record(() -> {
            DeploymentRef deployment = deployments.require(scope, deploymentSlug);
            IntervalRollups intervals = kvIntervals(deployment, window);
            RequestRollup totals = new RequestRollup(window.from());
            mergeRequests(deployment, window, filter, bucket -> totals);
            return new MergedWindow(deployment.slug(), window.from(), window.to(), totals, intervals.kvSummary());
        });
    }

    private DeploymentMetrics merge(DeploymentRef deployment, QueryWindow window, @Nullable DimensionValue filter) {
        IntervalRollups intervals = kvIntervals(deployment, window);
        mergeRequests(deployment, window, filter, intervals::requestsAt);

        List<LatencyPoint> ttft = intervals.latencySeries(RequestRollup::ttft);
        List<LatencyPoint> itl = intervals.latencySeries(RequestRollup::itl);
        List<LatencyPoint> e2e = intervals.latencySeries(RequestRollup::e2e);
        List<LatencyPoint> queue = intervals.latencySeries(RequestRollup::queue);
        RequestRollup totals = intervals.totals();
        Summary summary = new Summary(
                intervals.latencySummary(RequestRollup::ttft, ttft),
                intervals.latencySummary(RequestRollup::itl, itl),
                intervals.latencySummary(RequestRollup::e2e, e2e),
                intervals.kvSummary(),
                totals.requests(),
                totals.failedRequests(),
                totals.inputTokens(),
                totals.outputTokens(),
                sloCompliance(deployment, totals),
                intervals.latencySummary(RequestRollup::queue, queue),
                new ErrorsByStatus(
                        totals.failures(FailedStatus.ERROR),
                        totals.failures(FailedStatus.TIMEOUT),
                        totals.failures(FailedStatus.CANCELLED)));
        Series series = new Series(ttft, itl, e2e, intervals.kvSeries(), intervals.throughputSeries(), queue);
        GoodputFigures goodput = GoodputFigures.of(
                goodputs.of(deployment),
                totals,
                Duration.between(window.from(), window.to()).getSeconds(),
                intervals.goodputSeries());
        return new DeploymentMetrics(
                deployment.slug(), window.from(), window.to(), window.step().getSeconds(), summary, series, goodput);
    }

    private IntervalRollups kvIntervals(DeploymentRef deployment, QueryWindow window) {
        return new IntervalRollups(
                window,
                kvRollups.read(
                        deployment.tenantId(), deployment.id(), window.resolution(), window.from(), window.to()));
    }

    /** Merges the window's requests (null filter), or those of one value, into the rollup {@code into} gives. */
    private void mergeRequests(
            DeploymentRef deployment,
            QueryWindow window,
            @Nullable DimensionValue filter,
            Function<Instant, RequestRollup> into) {
        if (filter == null) {
            requestRollups.mergeInto(
                    deployment.tenantId(), deployment.id(), window.resolution(), window.from(), window.to(), into);
        } else {
            dimensionRollups.mergeInto(
                    deployment.tenantId(),
                    deployment.id(),
                    filter,
                    window.resolution(),
                    window.from(),
                    window.to(),
                    into);
        }
    }

    static SloCompliance sloCompliance(DeploymentRef deployment, RequestRollup totals) {
        double ttftSlo = deployment.sloTtftP95Ms().doubleValue();
        double itlSlo = deployment.sloItlP95Ms().doubleValue();
        return new SloCompliance(
                ttftSlo,
                itlSlo,
                deployment.sloErrorRatePct().doubleValue(),
                boxed(totals.ttft().fractionAtMost(ttftSlo)),
                boxed(totals.itl().fractionAtMost(itlSlo)));
    }

    private static @Nullable Double boxed(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
