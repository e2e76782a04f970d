package dev.inferencemetrics.compare;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.Optional;

/**
 * When a difference between two sides counts as larger than the noise, at 95 % confidence:
 *
 * <ul>
 *   <li>a latency percentile: each side's quantile lies between the observations at the ranks of a binomial 95 %
 *       interval around {@code q·n} (n = the merged sketch's count), read from the sketch and widened by its ±1 %
 *       relative accuracy; the difference counts only when the two sides' intervals do not overlap;
 *   <li>an error rate: a two-sided two-proportion z-test (pooled), |z| &gt; 1.96;
 *   <li>a request rate: a Poisson rate test, conditional on the total count (side A's count is binomial with the
 *       share of A's time under equal rates), normal approximation, |z| &gt; 1.96.
 * </ul>
 */
public final class NoiseRule {

    static final double Z_95 = 1.959964;

    /** The product's accuracy contract: every percentile within 1 % of a true value. */
    static final double SKETCH_ACCURACY = 0.01;

    private NoiseRule() {}

    /** Where quantile {@code q} of the observations in {@code sketch} lies; empty without observations. */
    public static Optional<QuantileBounds> bounds(LatencySketch sketch, double q) {
        long n = sketch.count();
        if (n == 0) {
            return Optional.empty();
        }
        double spread = Z_95 * Math.sqrt(n * q * (1 - q));
        long lowRank = Math.max(0, (long) Math.floor(n * q - spread));
        long highRank = Math.min(n - 1, (long) Math.ceil(n * q + spread));
        double low = valueAtRank(sketch, lowRank, n);
        double high = valueAtRank(sketch, highRank, n);
        return Optional.of(new QuantileBounds(low * (1 - SKETCH_ACCURACY), high * (1 + SKETCH_ACCURACY)));
    }

    public static Verdict percentile(LatencySketch a, LatencySketch b, double q) {
        Optional<QuantileBounds> boundsA = bounds(a, q);
        Optional<QuantileBounds> boundsB = bounds(b, q);
        if (boundsA.isEmpty() || boundsB.isEmpty()) {
            return Verdict.NO_DATA;
        }
        return boundsA.get().overlaps(boundsB.get()) ? Verdict.WITHIN_NOISE : Verdict.BEYOND_NOISE;
    }

    /** Two-proportion z-test of {@code failedA/requestsA} against {@code failedB/requestsB}. */
    public static Verdict proportions(long failedA, long requestsA, long failedB, long requestsB) {
        if (requestsA == 0 || requestsB == 0) {
            return Verdict.NO_DATA;
        }
        double pooled = (double) (failedA + failedB) / (requestsA + requestsB);
        double se = Math.sqrt(pooled * (1 - pooled) * (1.0 / requestsA + 1.0 / requestsB));
        if (se == 0) {
            return Verdict.WITHIN_NOISE;
        }
        double z = ((double) failedA / requestsA - (double) failedB / requestsB) / se;
        return verdict(z);
    }

    /** Poisson rate test of {@code countA} events in {@code secondsA} against {@code countB} in {@code secondsB}. */
    public static Verdict rates(long countA, double secondsA, long countB, double secondsB) {
        if (!(secondsA > 0 && secondsB > 0)) {
            throw new IllegalArgumentException("both sides need a positive duration");
        }
        long total = countA + countB;
        if (total == 0) {
            return Verdict.WITHIN_NOISE;
        }
        double shareA = secondsA / (secondsA + secondsB);
        double z = (countA - total * shareA) / Math.sqrt(total * shareA * (1 - shareA));
        return verdict(z);
    }

    private static Verdict verdict(double z) {
        return Math.abs(z) > Z_95 ? Verdict.BEYOND_NOISE : Verdict.WITHIN_NOISE;
    }

    /** The observation at 0-based {@code rank} of {@code n}, as the sketch reads ranks (⌊q·(n−1)⌋). */
    private static double valueAtRank(LatencySketch sketch, long rank, long n) {
        double q = n == 1 ? 0 : Math.min(1.0, (double) rank / (n - 1));
        return sketch.quantile(q).orElseThrow();
    }
}
