package dev.inferencemetrics.compare;

/** Where a quantile of a side's distribution lies, with 95 % confidence, in milliseconds: {@code low ≤ high}. */
public record QuantileBounds(double low, double high) {

    public QuantileBounds {
        if (!(low <= high)) {
            throw new IllegalArgumentException("low must not exceed high: " + low + " > " + high);
        }
    }

    boolean overlaps(QuantileBounds other) {
        return low <= other.high && other.low <= high;
    }
}
