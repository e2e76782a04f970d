package dev.inferencemetrics.capacity;

import dev.inferencemetrics.base.UnusableValueException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * Replicas = ⌈peak requests/s ÷ (utilisation ceiling ÷ mean service time)⌉: a replica serving one request at a time
 * in S seconds manages 1 ÷ S requests/s when always busy, and is planned at its ceiling of that.
 */
public final class ReplicaSizing {

    /** The TTFT p99 targets the sizing table compares, milliseconds. */
    public static final List<Double> TABLE_TARGETS_MS = List.of(200.0, 300.0, 400.0, 500.0);
    /** An average month: 365 × 24 ÷ 12 hours. */
    static final BigDecimal HOURS_PER_MONTH = BigDecimal.valueOf(730);

    private ReplicaSizing() {}

    /** The plan for a TTFT p99 target, at the ceiling {@link UtilisationCeiling} gives it. */
    public static ReplicaPlan forTarget(
            double peakRequestsPerSecond, double targetP99Ms, double serviceMs, Optional<ReplicaPrice> price) {
        return atCeiling(peakRequestsPerSecond, serviceMs, UtilisationCeiling.forTarget(targetP99Ms, serviceMs), price);
    }

    /**
     * The replicas a TTFT p99 target needs at a peak, with the measured service time: what an autoscaler is told.
     * Empty without a service time (no ok requests) or when the target is not above it (no ceiling meets it).
     */
    public static OptionalInt recommended(
            double peakRequestsPerSecond, double targetP99Ms, @Nullable ServiceTime service) {
        if (service == null) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(forTarget(peakRequestsPerSecond, targetP99Ms, service.meanMs(), Optional.empty())
                    .replicas());
        } catch (UnusableValueException unmet) {
            return OptionalInt.empty();
        }
    }

    /**
     * @throws UnusableValueException if the peak is negative or the service time or ceiling unusable
     */
    public static ReplicaPlan atCeiling(
            double peakRequestsPerSecond, double serviceMs, double ceiling, Optional<ReplicaPrice> price) {
        if (!(peakRequestsPerSecond >= 0) || !Double.isFinite(peakRequestsPerSecond)) {
            throw new UnusableValueException("The peak must be zero or more requests per second.");
        }
        if (!(serviceMs > 0) || !Double.isFinite(serviceMs)) {
            throw new UnusableValueException("The mean service time must be a positive number of milliseconds.");
        }
        if (!(ceiling > 0 && ceiling <= 1)) {
            throw new UnusableValueException("The utilisation ceiling must lie above 0 % and at most 100 %.");
        }
        double perReplica = ceiling * 1000 / serviceMs;
        int replicas = (int) Math.max(1, Math.ceil(peakRequestsPerSecond / perReplica));
        double fullyBusy = replicas * 1000 / serviceMs;
        BigDecimal monthly = price.map(p -> p.perHour()
                        .multiply(BigDecimal.valueOf(replicas))
                        .multiply(HOURS_PER_MONTH)
                        .setScale(2, RoundingMode.HALF_UP))
                .orElse(null);
        return new ReplicaPlan(
                peakRequestsPerSecond,
                serviceMs,
                ceiling,
                perReplica,
                replicas,
                peakRequestsPerSecond / fullyBusy,
                replicas * perReplica - peakRequestsPerSecond,
                monthly,
                price.map(ReplicaPrice::currency).orElse(null));
    }
}
