package dev.inferencemetrics.deployment;

import java.math.BigDecimal;
import java.time.Instant;

/** A deployment as other features need it: identity, owner, SLOs and prices (per million tokens). */
public record DeploymentRef(
        long id,
        long tenantId,
        String slug,
        String displayName,
        String model,
        String engine,
        String region,
        BigDecimal sloTtftP95Ms,
        BigDecimal sloItlP95Ms,
        BigDecimal priceInputPerMtok,
        BigDecimal priceOutputPerMtok,
        String currency,
        Instant createdAt) {}
