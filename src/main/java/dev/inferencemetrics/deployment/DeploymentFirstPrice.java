package dev.inferencemetrics.deployment;

import java.math.BigDecimal;

/**
 * The price a new deployment starts at, published inside the transaction that creates it; billing keeps it as the
 * price in effect from the beginning of time.
 */
public record DeploymentFirstPrice(
        long tenantId, long deploymentId, BigDecimal inputPerMtok, BigDecimal outputPerMtok, String currency) {}
