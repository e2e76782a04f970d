package dev.inferencemetrics.billing;

import dev.inferencemetrics.base.UnusableValueException;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Prices per million input and output tokens, in one currency, to at most six decimal places (what the database
 * keeps). Costs are exact: tokens × price ÷ 1,000,000, which never needs more than twelve decimal places.
 */
public record TokenPrice(BigDecimal inputPerMtok, BigDecimal outputPerMtok, String currency) {

    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final int SCALE = 6;
    private static final int MAX_INTEGER_DIGITS = 12;

    public TokenPrice {
        inputPerMtok = normalised(inputPerMtok, "input");
        outputPerMtok = normalised(outputPerMtok, "output");
        if (!CURRENCY.matcher(Objects.requireNonNull(currency)).matches()) {
            throw new UnusableValueException("currency must be an ISO 4217 code such as USD, not '" + currency + "'");
        }
    }

    public static TokenPrice of(String inputPerMtok, String outputPerMtok, String currency) {
        return new TokenPrice(new BigDecimal(inputPerMtok), new BigDecimal(outputPerMtok), currency);
    }

    public BigDecimal inputCost(long tokens) {
        return cost(tokens, inputPerMtok);
    }

    public BigDecimal outputCost(long tokens) {
        return cost(tokens, outputPerMtok);
    }

    private static BigDecimal cost(long tokens, BigDecimal perMillion) {
        return BigDecimal.valueOf(tokens).multiply(perMillion).movePointLeft(6);
    }

    /** Scale 6, so equal prices are equal records; more decimals would be silently rounded by the database. */
    private static BigDecimal normalised(BigDecimal price, String direction) {
        Objects.requireNonNull(price, direction + " price");
        if (price.signum() < 0) {
            throw new UnusableValueException("the " + direction + " price must not be negative");
        }
        if (price.stripTrailingZeros().scale() > SCALE) {
            throw new UnusableValueException("the " + direction + " price has more than six decimal places");
        }
        BigDecimal scaled = price.setScale(SCALE);
        if (scaled.precision() - SCALE > MAX_INTEGER_DIGITS) {
            throw new UnusableValueException("the " + direction + " price is too large");
        }
        return scaled;
    }
}
