package dev.inferencemetrics.billing;

import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestLimits;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Deployments' price histories. A change takes effect at the start of a half hour (UTC) that still lies ahead —
 * later than now plus the time ingestion accepts samples ahead of the clock — so usage already recorded keeps the
 * price it was recorded under, and every half-hour rollup is priced at exactly one price.
 */
@Service
public class PriceService {

    private final DeploymentService deployments;
    private final PriceStore prices;
    private final IngestLimits ingestLimits;
    private final Clock clock;

    PriceService(DeploymentService deployments, PriceStore prices, IngestLimits ingestLimits, Clock clock) {
        this.deployments = deployments;
        this.prices = prices;
        this.ingestLimits = ingestLimits;
        this.clock = clock;
    }

    /** Records a price change of the deployment (operators only); a change already scheduled at that instant is replaced. */
    @Transactional
    public void schedule(TenantScope scope, String deploymentSlug, Instant effectiveFrom, TokenPrice price) {
        scope.requireOperator("Only operators change prices.");
        if (!Resolution.HALF_HOUR.bucketOf(effectiveFrom).equals(effectiveFrom)) {
            throw new UnusableValueException(
                    "A price change takes effect at the start of a half hour (UTC), e.g. 2026-12-01T00:00:00Z.");
        }
        if (effectiveFrom.isAfter(InstantParameter.LATEST)) {
            throw new UnusableValueException("A price change must take effect before the year 10000.");
        }
        Instant earliest = clock.instant().plus(ingestLimits.maxFutureSkew());
        if (!effectiveFrom.isAfter(earliest)) {
            throw new UnusableValueException("A price change must lie ahead (after " + earliest
                    + ") so that usage already recorded keeps its price.");
        }
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        prices.save(deployment.tenantId(), deployment.id(), effectiveFrom, price);
    }

    /** The price in effect now. */
    @Transactional(readOnly = true)
    public TokenPrice current(TenantScope scope, String deploymentSlug) {
        return current(deployments.require(scope, deploymentSlug));
    }

    /** The price in effect now of a deployment the caller has resolved already. */
    @Transactional(readOnly = true)
    public TokenPrice current(DeploymentRef deployment) {
        Instant now = clock.instant();
        return prices.history(deployment.tenantId(), deployment.id()).stream()
                .filter(period -> !period.effectiveFrom().isAfter(now))
                .reduce((earlier, later) -> later)
                .orElseThrow()
                .price();
    }

    /** The deployment's prices, oldest first; the first is in effect since the deployment began. */
    @Transactional(readOnly = true)
    public List<PricePeriod> history(TenantScope scope, String deploymentSlug) {
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        return prices.history(deployment.tenantId(), deployment.id());
    }
}
