package dev.inferencemetrics.metrics;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** How the product writes metric values: milliseconds below a second, seconds above, tail ratios as 2.70×. */
public final class MetricFormat {

    public static final String NO_DATA = "–";

    private MetricFormat() {}

    /** 0.42 ms, 7.6 ms, 76 ms, 11.36 s */
    public static String latency(@Nullable Double ms) {
        if (ms == null || !Double.isFinite(ms)) {
            return NO_DATA;
        }
        if (ms >= 1000) {
            return String.format(Locale.ROOT, "%.2f s", ms / 1000);
        }
        if (ms >= 10) {
            return String.format(Locale.ROOT, "%.0f ms", ms);
        }
        if (ms >= 1) {
            return String.format(Locale.ROOT, "%.1f ms", ms);
        }
        return String.format(Locale.ROOT, "%.2f ms", ms);
    }

    /** 2.70× */
    public static String ratio(@Nullable Double ratio) {
        return ratio == null || !Double.isFinite(ratio) ? NO_DATA : String.format(Locale.ROOT, "%.2f×", ratio);
    }

    /** 2.3 % for a value that is already a percentage. */
    public static String percent(@Nullable Double percent) {
        return percent == null || !Double.isFinite(percent) ? NO_DATA : String.format(Locale.ROOT, "%.1f %%", percent);
    }

    /** 97.2 % for a fraction of one. */
    public static String share(@Nullable Double fraction) {
        return fraction == null ? NO_DATA : percent(fraction * 100);
    }

    /** 12.5/s, 1,234/s */
    public static String rate(double perSecond) {
        return perSecond < 10
                ? String.format(Locale.ROOT, "%.2f/s", perSecond)
                : String.format(Locale.ROOT, "%,.0f/s", perSecond);
    }
}
