package dev.inferencemetrics.compare;

import org.jspecify.annotations.Nullable;

/**
 * One row of the delta table: a figure on side A and side B, the change from A to B ({@code b − a}, and relative to
 * A), which direction is better, whether the change is larger than the noise by {@code test}, and so how B stands.
 */
public record Delta(
        String figure,
        String label,
        String unit,
        @Nullable Double a,
        @Nullable Double b,
        @Nullable Double change,
        @Nullable Double relativeChange,
        Better better,
        Verdict verdict,
        Outcome outcome,
        @Nullable String test) {

    /** Which way a figure improves; throughput is neither, as it follows demand. */
    public enum Better {
        LOWER,
        HIGHER,
        NEITHER
    }

    /** How B stands against A when the change is beyond the noise: better, worse, or just different. */
    public enum Outcome {
        BETTER,
        WORSE,
        DIFFERENT,
        WITHIN_NOISE,
        UNKNOWN
    }

    static Delta of(
            String figure,
            String label,
            String unit,
            @Nullable Double a,
            @Nullable Double b,
            Better better,
            Verdict verdict,
            @Nullable String test) {
        Double change = null;
        Double relative = null;
        if (a != null && b != null) {
            change = b - a;
            relative = a == 0 ? null : change / a;
        }
        Verdict shown = a == null || b == null ? Verdict.NO_DATA : verdict;
        return new Delta(
                figure, label, unit, a, b, change, relative, better, shown, outcome(shown, better, change), test);
    }

    private static Outcome outcome(Verdict verdict, Better better, @Nullable Double change) {
        if (verdict == Verdict.WITHIN_NOISE) {
            return Outcome.WITHIN_NOISE;
        }
        if (verdict != Verdict.BEYOND_NOISE || change == null) {
            return Outcome.UNKNOWN;
        }
        return switch (better) {
            case LOWER -> change < 0 ? Outcome.BETTER : Outcome.WORSE;
            case HIGHER -> change > 0 ? Outcome.BETTER : Outcome.WORSE;
            case NEITHER -> Outcome.DIFFERENT;
        };
    }
}
