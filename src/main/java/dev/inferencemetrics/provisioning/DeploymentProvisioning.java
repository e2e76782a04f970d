package dev.inferencemetrics.provisioning;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostPeriod;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.PricePeriod;
import dev.inferencemetrics.billing.PriceService;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.deployment.DeploymentGoodput;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.GoodputTargetSet;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.NoSuchElementException;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Makes a deployment what a provisioning call describes, through the services the operators' editors use, so the
 * validation and the audit log are the same. One transaction: a call that fails half way changes nothing. Sending
 * the same description again changes nothing and logs nothing.
 */
@Service
public class DeploymentProvisioning {

    private final TenantService tenants;
    private final DeploymentService deployments;
    private final PriceService prices;
    private final GpuCostService gpuCosts;
    private final DeploymentOtlpNames otlpNames;
    private final DeploymentRawRetention rawRetention;
    private final GoodputService goodputs;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    DeploymentProvisioning(
            TenantService tenants,
            DeploymentService deployments,
            PriceService prices,
            GpuCostService gpuCosts,
            DeploymentOtlpNames otlpNames,
            DeploymentRawRetention rawRetention,
            GoodputService goodputs,
            ApplicationEventPublisher events,
            Clock clock) {
        this.tenants = tenants;
        this.deployments = deployments;
        this.prices = prices;
        this.gpuCosts = gpuCosts;
        this.otlpNames = otlpNames;
        this.rawRetention = rawRetention;
        this.goodputs = goodputs;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Creates or updates the deployment with this slug (operators only).
     *
     * @throws UnusableValueException saying what is wrong with the description; nothing changes then
     * @throws TenantMismatchException if the deployment exists under another tenant
     */
    @Transactional
    public ProvisionedDeployment provision(TenantScope scope, long actorUserId, String slug, DeploymentSpec spec) {
        TenantSummary tenant = tenantOf(scope, spec.tenant());
        boolean created = deployments
                .find(scope, slug)
                .map(existing -> {
                    update(scope, actorUserId, existing, tenant, spec);
                    return false;
                })
                .orElseGet(() -> deployments.create(scope, actorUserId, spec.definition(tenant.id(), slug)));
        if (spec.otlp() != null) {
            otlpNames.replace(scope, slug, spec.otlp());
        }
        if (spec.rawRetention() != null) {
            rawRetention.set(scope, slug, spec.rawRetention().hours());
        }
        if (spec.sloPreset() != null) {
            deployments.applyPreset(scope, slug, spec.sloPreset());
        }
        if (spec.gpuCost() != null) {
            recost(scope, slug, spec.gpuCost());
        }
        DeploymentGoodput goodput =
                spec.goodput() == null ? goodputs.of(scope, slug) : goodputs.change(scope, slug, spec.goodput());
        if (spec.goodputTargetPct() != null) {
            events.publishEvent(new GoodputTargetSet(deployments.require(scope, slug), spec.goodputTargetPct()));
        }
        return new ProvisionedDeployment(
                deployments.require(scope, slug),
                tenant.slug(),
                prices.history(scope, slug),
                otlpNames.of(scope, slug),
                rawRetention.of(scope, slug).map(kept -> (int) kept.toHours()).orElse(null),
                goodput.slo(),
                created,
                gpuCosts.history(scope, slug));
    }

    private TenantSummary tenantOf(TenantScope scope, String slug) {
        try {
            return tenants.requireBySlug(scope, slug);
        } catch (NoSuchElementException e) {
            throw new UnusableValueException(
                    "tenant " + slug + " does not exist; create it first (PUT /api/v1/tenants/" + slug + ")");
        }
    }

    private void update(
            TenantScope scope, long actorUserId, DeploymentRef existing, TenantSummary tenant, DeploymentSpec spec) {
        if (existing.tenantId() != tenant.id()) {
            throw new TenantMismatchException(existing.slug(), tenant.slug());
        }
        deployments.edit(scope, actorUserId, existing.slug(), spec.changesOf(existing));
        if (spec.price() != null) {
            reprice(scope, existing.slug(), spec.price());
        }
    }

    /** A price already in effect at the instant asked for (or now) is left alone, so a resent call is a no-op. */
    private void reprice(TenantScope scope, String slug, DeploymentSpec.PriceSpec wanted) {
        Instant from = wanted.effectiveFrom() == null ? clock.instant() : wanted.effectiveFrom();
        if (wanted.price().equals(priceAt(prices.history(scope, slug), from))) {
            return;
        }
        if (wanted.effectiveFrom() == null) {
            throw new UnusableValueException("price.effectiveFrom is required to change the price of an existing"
                    + " deployment: the start of a half hour (UTC) that lies ahead, e.g. 2026-12-01T00:00:00Z");
        }
        prices.schedule(scope, slug, wanted.effectiveFrom(), wanted.price());
    }

    /** A cost already in effect at the instant asked for (or now) is left alone, so a resent call is a no-op. */
    private void recost(TenantScope scope, String slug, DeploymentSpec.GpuCostSpec wanted) {
        Instant at = wanted.effectiveFrom() == null ? clock.instant() : wanted.effectiveFrom();
        GpuCost current = gpuCosts.history(scope, slug).stream()
                .filter(period -> !period.effectiveFrom().isAfter(at))
                .reduce((earlier, later) -> later)
                .map(GpuCostPeriod::cost)
                .orElse(null);
        if (!wanted.cost().equals(current)) {
            gpuCosts.schedule(scope, slug, wanted.effectiveFrom(), wanted.cost());
        }
    }

    private static TokenPrice priceAt(List<PricePeriod> history, Instant at) {
        return history.stream()
                .filter(period -> !period.effectiveFrom().isAfter(at))
                .reduce((earlier, later) -> later)
                .orElse(history.getFirst())
                .price();
    }
}
