package dev.inferencemetrics.capacity;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.EngineGaugeQueryService;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.metrics.EngineGauges.GaugePoint;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Answers "where does this deployment's TTFT tail bend, and what does sizing start from" for a window, from the
 * request rollups (counts, TTFT, E2E and queue sketches) and the scraped running gauge; raw samples are never read.
 */
@Service
public class CapacityService {

    private final DeploymentService deployments;
    private final RequestRollupRangeStore requestRollups;
    private final EngineGaugeQueryService gauges;
    private final ObjectProvider<ReplicaPrices> prices;

    CapacityService(
            DeploymentService deployments,
            RequestRollupRangeStore requestRollups,
            EngineGaugeQueryService gauges,
            ObjectProvider<ReplicaPrices> prices) {
        this.deployments = deployments;
        this.requestRollups = requestRollups;
        this.gauges = gauges;
        this.prices = prices;
    }

    /** The capacity of a deployment, with the price per replica-hour where the scope may see it. */
    @Transactional(readOnly = true)
    public CapacityReport report(TenantScope scope, String deploymentSlug, QueryWindow window) {
        return report(scope, deployments.require(scope, deploymentSlug), window);
    }

    /** The capacity of a deployment the caller has resolved already, without prices. */
    @Transactional(readOnly = true)
    public CapacityReport report(DeploymentRef deployment, QueryWindow window) {
        return report(deployment, window, null);
    }

    /**
     * The capacity of a deployment the caller has resolved already (the deployment page), with the price per
     * replica-hour where {@code viewer} may see it.
     */
    @Transactional(readOnly = true)
    public CapacityReport report(TenantScope viewer, DeploymentRef deployment, QueryWindow window) {
        return report(deployment, window, viewer);
    }

    private CapacityReport report(DeploymentRef deployment, QueryWindow window, @Nullable TenantScope viewer) {
        RequestRollup[] intervals = new RequestRollup[window.points()];
        for (int i = 0; i < intervals.length; i++) {
            intervals[i] = new RequestRollup(window.intervalStart(i));
        }
        requestRollups.mergeInto(
                deployment.tenantId(),
                deployment.id(),
                window.resolution(),
                window.from(),
                window.to(),
                bucket -> intervals[window.intervalOf(bucket)]);
        List<GaugePoint> running = gauges.query(deployment, window).of(EngineGauges.RUNNING);
        ConcurrencySource source =
                usesGauge(intervals, running) ? ConcurrencySource.RUNNING_GAUGE : ConcurrencySource.LITTLES_LAW;
        double seconds = window.step().getSeconds();
        List<ConcurrencyPoint> points = new ArrayList<>(intervals.length);
        List<LoadInterval> loads = new ArrayList<>(intervals.length);
        RequestRollup totals = new RequestRollup(window.from());
        double peak = 0;
        for (int i = 0; i < intervals.length; i++) {
            RequestRollup interval = intervals[i];
            totals.merge(interval);
            double rate = interval.requests() / seconds;
            peak = Math.max(peak, rate);
            Double concurrency =
                    source == ConcurrencySource.RUNNING_GAUGE ? running.get(i).avg() : littlesLaw(rate, interval);
            points.add(point(interval, concurrency, rate));
            if (concurrency != null) {
                loads.add(new LoadInterval(concurrency, rate, interval.ttft()));
            }
        }
        double slo = deployment.sloTtftP95Ms().doubleValue();
        return new CapacityReport(
                deployment.slug(),
                window.from(),
                window.to(),
                window.step().getSeconds(),
                source,
                points,
                KneeDetector.find(loads, slo),
                slo,
                totals.requests() == 0 ? null : peak,
                ServiceTime.measured(totals),
                viewer == null ? null : price(viewer, deployment));
    }

    private @Nullable ReplicaPrice price(TenantScope viewer, DeploymentRef deployment) {
        return prices.stream()
                .flatMap(p -> p.hourly(viewer, deployment).stream())
                .findFirst()
                .orElse(null);
    }

    /** The gauge when it was read in at least half the intervals that had requests. */
    private static boolean usesGauge(RequestRollup[] intervals, List<GaugePoint> running) {
        if (running.isEmpty()) {
            return false;
        }
        int busy = 0;
        int read = 0;
        for (int i = 0; i < intervals.length; i++) {
            if (intervals[i].requests() > 0) {
                busy++;
                if (running.get(i).avg() != null) {
                    read++;
                }
            }
        }
        return busy > 0 && 2 * read >= busy;
    }

    private static @Nullable Double littlesLaw(double arrivalsPerSecond, RequestRollup interval) {
        OptionalDouble e2e = interval.e2e().mean();
        return e2e.isPresent() ? arrivalsPerSecond * e2e.getAsDouble() / 1000 : null;
    }

    private static ConcurrencyPoint point(RequestRollup interval, @Nullable Double concurrency, double rate) {
        OptionalDouble p50 = interval.ttft().quantile(0.5);
        OptionalDouble p99 = interval.ttft().quantile(0.99);
        return new ConcurrencyPoint(
                interval.bucket(),
                concurrency,
                rate,
                interval.requests(),
                p50.isPresent() ? p50.getAsDouble() : null,
                p99.isPresent() ? p99.getAsDouble() : null);
    }
}
