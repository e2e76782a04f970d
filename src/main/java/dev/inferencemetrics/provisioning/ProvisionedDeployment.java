package dev.inferencemetrics.provisioning;

import dev.inferencemetrics.billing.GpuCostPeriod;
import dev.inferencemetrics.billing.PricePeriod;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.deployment.OtlpNames;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A deployment as a provisioning call left it, and whether that call created it. */
public record ProvisionedDeployment(
        DeploymentRef deployment,
        String tenantSlug,
        List<PricePeriod> prices,
        OtlpNames otlp,
        @Nullable Integer rawRetentionHours,
        GoodputSlo goodput,
        boolean created,
        List<GpuCostPeriod> gpuCosts) {}
