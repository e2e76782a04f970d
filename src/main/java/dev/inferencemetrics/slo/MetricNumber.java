package dev.inferencemetrics.slo;

import java.math.BigDecimal;

/** A number as people write it in an objective: 95, 99.9, 500 — no trailing zeros. */
final class MetricNumber {

    private MetricNumber() {}

    static String of(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
