package dev.inferencemetrics.provisioning;

import dev.inferencemetrics.billing.GpuCostPeriod;
import dev.inferencemetrics.billing.PricePeriod;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.deployment.OtlpNames;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A deployment as the provisioning API answers it: its settings, price history, OTLP names and GPU cost history. */
record DeploymentAnswer(
        String slug,
        String tenant,
        String displayName,
        String model,
        String engine,
        String region,
        Slo slo,
        List<PricePeriod> prices,
        OtlpNames otlp,
        @Nullable Integer rawRetentionHours,
        GoodputSlo goodput,
        @Nullable Instant archivedAt,
        boolean created,
        List<GpuCostPeriod> gpuCosts) {

    record Slo(BigDecimal ttftP95Ms, BigDecimal itlP95Ms, BigDecimal errorRatePct) {}

    static DeploymentAnswer of(ProvisionedDeployment provisioned) {
        DeploymentRef d = provisioned.deployment();
        return new DeploymentAnswer(
                d.slug(),
                provisioned.tenantSlug(),
                d.displayName(),
                d.model(),
                d.engine(),
                d.region(),
                new Slo(d.sloTtftP95Ms(), d.sloItlP95Ms(), d.sloErrorRatePct()),
                provisioned.prices(),
                provisioned.otlp(),
                provisioned.rawRetentionHours(),
                provisioned.goodput(),
                d.archivedAt(),
                provisioned.created(),
                provisioned.gpuCosts());
    }
}
