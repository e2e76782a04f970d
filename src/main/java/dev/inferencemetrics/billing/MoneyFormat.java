package dev.inferencemetrics.billing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How amounts are written. Exports carry the exact value (no rounding, at least two decimals, never an exponent);
 * the page rounds to cents, half to even, and says "< 0.01" for a non-zero amount that would show as zero.
 */
public final class MoneyFormat {

    private static final BigDecimal CENT = new BigDecimal("0.01");

    private MoneyFormat() {}

    /** 12.5 → 12.50, 0.0002475 → 0.0002475, 3 → 3.00 */
    public static String exact(BigDecimal amount) {
        BigDecimal stripped = amount.stripTrailingZeros();
        return (stripped.scale() < 2 ? stripped.setScale(2) : stripped).toPlainString();
    }

    /** 1234.565 → 1,234.56; 0.004 → < 0.01 */
    public static String cents(BigDecimal amount) {
        BigDecimal rounded = amount.setScale(2, RoundingMode.HALF_EVEN);
        if (rounded.signum() == 0 && amount.signum() > 0) {
            return "< " + CENT.toPlainString();
        }
        return String.format(Locale.ROOT, "%,.2f", rounded);
    }

    /** USD 12.35 · EUR 0.40, or – when there is nothing. */
    public static String cents(Costs costs) {
        if (costs.byCurrency().isEmpty()) {
            return "–";
        }
        return costs.byCurrency().entrySet().stream()
                .map(MoneyFormat::currencyAmount)
                .collect(Collectors.joining(" · "));
    }

    /** USD 0.208333 · EUR 0.40, exact, or – when there is nothing. */
    public static String exact(Costs costs) {
        if (costs.byCurrency().isEmpty()) {
            return "–";
        }
        return costs.byCurrency().entrySet().stream()
                .map(amount -> amount.getKey() + " " + exact(amount.getValue()))
                .collect(Collectors.joining(" · "));
    }

    private static String currencyAmount(Map.Entry<String, BigDecimal> amount) {
        return amount.getKey() + " " + cents(amount.getValue());
    }
}
