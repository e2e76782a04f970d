package dev.inferencemetrics.deployment;

import java.math.BigDecimal;

/** A deployment as other features need it: identity, owner and SLOs. */
public record DeploymentRef(
        long id,
        long tenantId,
        String slug,
        String displayName,
        String model,
        String engine,
        String region,
        BigDecimal sloTtftP95Ms,
        BigDecimal sloItlP95Ms) {}
