package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.format.NumberRule;
import dev.inferencemetrics.base.format.NumberRules;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** How the product writes metric values: milliseconds below a second, seconds above, tail ratios as 2.70×. */
public final class MetricFormat {

    public static final String NO_DATA = NumberRule.NO_VALUE;

    private MetricFormat() {}

    /** 0.42 ms, 7.6 ms, 76 ms, 11.36 s */
    public static String latency(@Nullable Double ms) {
        return NumberRules.LATENCY.format(ms);
    }

    /** 2.70× */
    public static String ratio(@Nullable Double ratio) {
        return ratio == null || !Double.isFinite(ratio) ? NO_DATA : String.format(Locale.ROOT, "%.2f×", ratio);
    }

    /** 2.3 % for a value that is already a percentage. */
    public static String percent(@Nullable Double percent) {
        return NumberRules.PERCENT.format(percent);
    }

    /** 97.2 % for a fraction of one. */
    public static String share(@Nullable Double fraction) {
        return NumberRules.SHARE.format(fraction);
    }

    /** 1,234,567: a whole count with thousands separators */
    public static String count(long count) {
        return NumberRules.COUNT.format((double) count);
    }

    /** 12.5/s, 1,234/s, 7/h */
    public static String rate(double perSecond) {
        return NumberRules.RATE.format(perSecond);
    }
}
