package dev.inferencemetrics.deployment;

import java.math.BigDecimal;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What an operator may change on a deployment, as entered (an empty SLO field is null). Its slug and tenant never
 * change, and its prices have a history of their own on the Prices page.
 */
public record DeploymentChanges(
        String displayName,
        String model,
        String engine,
        String region,
        @Nullable BigDecimal sloTtftP95Ms,
        @Nullable BigDecimal sloItlP95Ms,
        @Nullable BigDecimal sloErrorRatePct) {

    /** The schema stores SLOs as numeric(12, 3). */
    private static final BigDecimal SLO_LIMIT_MS = new BigDecimal("1000000000");

    private static final int SLO_DECIMALS = 3;

    private static final BigDecimal ALL_PERCENT = BigDecimal.valueOf(100);

    private static final int PERCENT_DECIMALS = 2;

    public static DeploymentChanges of(DeploymentRef deployment) {
        return new DeploymentChanges(
                deployment.displayName(),
                deployment.model(),
                deployment.engine(),
                deployment.region(),
                deployment.sloTtftP95Ms(),
                deployment.sloItlP95Ms(),
                deployment.sloErrorRatePct());
    }

    /** The same changes without leading and trailing blanks. */
    public DeploymentChanges trimmed() {
        return new DeploymentChanges(
                displayName.trim(),
                model.trim(),
                engine.trim(),
                region.trim(),
                sloTtftP95Ms,
                sloItlP95Ms,
                sloErrorRatePct);
    }

    /** The first thing wrong with these changes, as a sentence for whoever entered them. */
    public Optional<String> problem() {
        return firstOf(
                text("Name", displayName, 200),
                text("Model", model, 200),
                text("Engine", engine, 50),
                text("Region", region, 50),
                slo("SLO: TTFT p95", sloTtftP95Ms),
                slo("SLO: ITL p95", sloItlP95Ms),
                percent("SLO: error rate", sloErrorRatePct));
    }

    /** Whether both say the same, numbers compared by value (500 equals 500.000). */
    boolean sameAs(DeploymentChanges other) {
        return displayName.equals(other.displayName)
                && model.equals(other.model)
                && engine.equals(other.engine)
                && region.equals(other.region)
                && sameNumber(sloTtftP95Ms, other.sloTtftP95Ms)
                && sameNumber(sloItlP95Ms, other.sloItlP95Ms)
                && sameNumber(sloErrorRatePct, other.sloErrorRatePct);
    }

    private static Optional<String> text(String label, String value, int maxLength) {
        if (value.isBlank()) {
            return Optional.of(label + " is required.");
        }
        if (value.trim().length() > maxLength) {
            return Optional.of(label + " takes at most " + maxLength + " characters.");
        }
        return Optional.empty();
    }

    private static Optional<String> slo(String label, @Nullable BigDecimal milliseconds) {
        if (milliseconds == null) {
            return Optional.of(label + " is required, in milliseconds.");
        }
        if (milliseconds.signum() <= 0) {
            return Optional.of(label + " must be a positive number of milliseconds.");
        }
        if (milliseconds.stripTrailingZeros().scale() > SLO_DECIMALS) {
            return Optional.of(label + " takes at most " + SLO_DECIMALS + " decimals (whole microseconds).");
        }
        if (milliseconds.compareTo(SLO_LIMIT_MS) >= 0) {
            return Optional.of(label + " must be below 1,000,000,000 ms.");
        }
        return Optional.empty();
    }

    private static Optional<String> percent(String label, @Nullable BigDecimal percent) {
        if (percent == null) {
            return Optional.of(label + " is required, in percent.");
        }
        if (percent.signum() <= 0 || percent.compareTo(ALL_PERCENT) > 0) {
            return Optional.of(label + " must be above 0 % and at most 100 %.");
        }
        if (percent.stripTrailingZeros().scale() > PERCENT_DECIMALS) {
            return Optional.of(label + " takes at most " + PERCENT_DECIMALS + " decimals.");
        }
        return Optional.empty();
    }

    @SafeVarargs
    private static Optional<String> firstOf(Optional<String>... checks) {
        for (Optional<String> check : checks) {
            if (check.isPresent()) {
                return check;
            }
        }
        return Optional.empty();
    }

    private static boolean sameNumber(@Nullable BigDecimal a, @Nullable BigDecimal b) {
        return a == null ? b == null : b != null && a.compareTo(b) == 0;
    }
}
