package dev.inferencemetrics.deployment;

import java.math.BigDecimal;

/** What it takes to create a deployment; SLOs and prices start at the product defaults unless given. */
public record DeploymentDefinition(
        long tenantId,
        String slug,
        String displayName,
        String model,
        String engine,
        String region,
        BigDecimal sloTtftP95Ms,
        BigDecimal sloItlP95Ms,
        BigDecimal sloErrorRatePct,
        BigDecimal priceInputPerMtok,
        BigDecimal priceOutputPerMtok,
        String currency) {

    public static final BigDecimal DEFAULT_SLO_TTFT_P95_MS = BigDecimal.valueOf(500);
    public static final BigDecimal DEFAULT_SLO_ITL_P95_MS = BigDecimal.valueOf(250);
    public static final BigDecimal DEFAULT_SLO_ERROR_RATE_PCT = BigDecimal.ONE;

    public DeploymentDefinition(
            long tenantId, String slug, String displayName, String model, String engine, String region) {
        this(
                tenantId,
                slug,
                displayName,
                model,
                engine,
                region,
                DEFAULT_SLO_TTFT_P95_MS,
                DEFAULT_SLO_ITL_P95_MS,
                DEFAULT_SLO_ERROR_RATE_PCT,
                BigDecimal.ZERO,
                BigDecimal.ZERO,
                "USD");
    }

    public DeploymentDefinition withSlos(BigDecimal ttftP95Ms, BigDecimal itlP95Ms) {
        return new DeploymentDefinition(
                tenantId,
                slug,
                displayName,
                model,
                engine,
                region,
                ttftP95Ms,
                itlP95Ms,
                sloErrorRatePct,
                priceInputPerMtok,
                priceOutputPerMtok,
                currency);
    }

    public DeploymentDefinition withErrorRateLimit(BigDecimal percent) {
        return new DeploymentDefinition(
                tenantId,
                slug,
                displayName,
                model,
                engine,
                region,
                sloTtftP95Ms,
                sloItlP95Ms,
                percent,
                priceInputPerMtok,
                priceOutputPerMtok,
                currency);
    }

    public DeploymentDefinition withPrices(BigDecimal inputPerMtok, BigDecimal outputPerMtok, String currency) {
        return new DeploymentDefinition(
                tenantId,
                slug,
                displayName,
                model,
                engine,
                region,
                sloTtftP95Ms,
                sloItlP95Ms,
                sloErrorRatePct,
                inputPerMtok,
                outputPerMtok,
                currency);
    }
}
