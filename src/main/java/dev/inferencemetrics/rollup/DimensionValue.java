package dev.inferencemetrics.rollup;

/**
 * One value of one dimension, as stored in the dimension rollups: {@link #OTHER} (the empty value) stands for the
 * traffic of the values past a day's cap.
 */
public record DimensionValue(Dimension dimension, String value) {

    /** The stored value of the traffic past the cap, answered as "other". */
    public static final String OTHER = "";

    public static DimensionValue other(Dimension dimension) {
        return new DimensionValue(dimension, OTHER);
    }

    public boolean isOther() {
        return value.isEmpty();
    }
}
