package dev.inferencemetrics.capacity;

import dev.inferencemetrics.base.UnusableValueException;
import java.util.Locale;

/**
 * How busy a replica may run and still keep its TTFT p99 within a target, from queueing theory: waiting grows as
 * ρ ÷ (1 − ρ) (the M/M/1 mean wait is S·ρ ÷ (1 − ρ) for mean service time S), so the tail is taken as
 * p99 ≈ S · (1 + k · ρ ÷ (1 − ρ)). Solved for ρ: ρ = x ÷ (1 + x) with x = (target ÷ S − 1) ÷ k. The tail factor
 * k = 27 ÷ 7 ≈ 3.86 is set so that a 400 ms target with 40 ms of service gives 70 %; the same rule then gives 62.8 %
 * for 300 ms and 74.9 % for 500 ms. A tighter target (or a longer service time) lowers the ceiling.
 */
public final class UtilisationCeiling {

    /** How many mean waits the p99 lies above the mean wait. */
    static final double TAIL_FACTOR = 27.0 / 7.0;
    /** No replica is planned busier than this, however loose the target: bursts need some room. */
    public static final double HIGHEST = 0.95;

    private UtilisationCeiling() {}

    /**
     * @throws UnusableValueException if the target is not above the service time (no utilisation meets it)
     */
    public static double forTarget(double targetP99Ms, double serviceMs) {
        if (!(serviceMs > 0) || !Double.isFinite(serviceMs)) {
            throw new UnusableValueException("The mean service time must be a positive number of milliseconds.");
        }
        if (!(targetP99Ms > serviceMs) || !Double.isFinite(targetP99Ms)) {
            throw new UnusableValueException(String.format(
                    Locale.ROOT,
                    "A TTFT p99 target of %.0f ms cannot be met when serving a request alone takes %.1f ms.",
                    targetP99Ms,
                    serviceMs));
        }
        double waits = (targetP99Ms / serviceMs - 1) / TAIL_FACTOR;
        return Math.min(HIGHEST, waits / (1 + waits));
    }
}
