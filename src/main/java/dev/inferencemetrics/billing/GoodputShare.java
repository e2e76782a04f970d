package dev.inferencemetrics.billing;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A goodput share as the exports write it: part ÷ whole in percent, to four decimal places (half to even), from the
 * exact counts beside it; empty when there is no whole to share.
 */
final class GoodputShare {

    static final int SCALE = 4;

    private GoodputShare() {}

    /** 1 of 3 → 33.3333; 3 of 4 → 75.0000; 0 of 0 → "" */
    static String percent(long part, long whole) {
        if (whole == 0) {
            return "";
        }
        return BigDecimal.valueOf(part)
                .multiply(BigDecimal.valueOf(100))
                .divide(BigDecimal.valueOf(whole), SCALE, RoundingMode.HALF_EVEN)
                .toPlainString();
    }
}
