package dev.inferencemetrics.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

/**
 * The product's accuracy contract: for n observations and quantile q, some observation whose 0-based rank lies
 * between ⌊q·(n−1)⌋ and ⌈q·(n−1)⌉ is within 1 % of the displayed value.
 */
public final class AccuracyContract {

    public static final double TOLERANCE = 0.01;

    private AccuracyContract() {}

    /** {@code sorted} must be sorted ascending. */
    public static void assertQuantile(double[] sorted, double q, double displayed, String what) {
        assertThat(sorted).as("%s has observations", what).isNotEmpty();
        double rank = q * (sorted.length - 1);
        int low = (int) Math.floor(rank);
        int high = (int) Math.ceil(rank);
        boolean met = false;
        for (int i = low; i <= high; i++) {
            met |= Math.abs(sorted[i] - displayed) <= TOLERANCE * Math.abs(sorted[i]);
        }
        assertThat(met)
                .as(
                        "%s q=%s displayed %s but observations at ranks %d..%d are %s",
                        what, q, displayed, low, high, Arrays.toString(Arrays.copyOfRange(sorted, low, high + 1)))
                .isTrue();
    }
}
