package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.DimensionValue;
import org.jspecify.annotations.Nullable;

/**
 * Whom or what usage is summed for: a consumer's or adapter's value, "other" (the traffic of the values a deployment
 * saw past the day's cap of distinct values, counted together), or "(none)" (requests that named no value).
 */
public record UsageValue(@Nullable String stored) {

    public static final String NONE_LABEL = "(none)";
    public static final String OTHER_LABEL = "other";

    /** What the page and the exports show: the value, "other" or "(none)". */
    public String label() {
        return stored == null ? NONE_LABEL : isOther() ? OTHER_LABEL : stored;
    }

    /** {@code value}, {@code other} or {@code none}: tells a value named "other" from the traffic past the cap. */
    public String kind() {
        return stored == null ? "none" : isOther() ? "other" : "value";
    }

    public boolean isOther() {
        return DimensionValue.OTHER.equals(stored);
    }

    public boolean isNone() {
        return stored == null;
    }
}
