package dev.inferencemetrics.deployment;

import java.math.BigDecimal;
import java.util.Optional;

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

    /** What the schema allows: lower-case letters, digits and dashes, not starting with a dash. */
    public static final String SLUG_PATTERN = "[a-z0-9][a-z0-9-]{0,62}";

    /** The first thing wrong with this definition, as a sentence for whoever entered it. */
    public Optional<String> problem() {
        if (!slug.matches(SLUG_PATTERN)) {
            return Optional.of(
                    "The slug takes 1 to 63 lower-case letters, digits and dashes, not starting with a dash.");
        }
        Optional<String> settings = changes().problem();
        if (settings.isPresent()) {
            return settings;
        }
        if (priceInputPerMtok.signum() < 0 || priceOutputPerMtok.signum() < 0) {
            return Optional.of("Prices must not be negative.");
        }
        if (!currency.matches("[A-Z]{3}")) {
            return Optional.of("The currency is a three-letter code such as USD or EUR.");
        }
        return Optional.empty();
    }

    /** The settings an operator may later change, as this definition sets them. */
    public DeploymentChanges changes() {
        return new DeploymentChanges(displayName, model, engine, region, sloTtftP95Ms, sloItlP95Ms, sloErrorRatePct);
    }

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
