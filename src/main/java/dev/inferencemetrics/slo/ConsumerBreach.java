package dev.inferencemetrics.slo;

import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.RequestRollup;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A consumer outside a deployment's TTFT objective over a window: its requests, and the share of its ok requests
 * whose TTFT was within the objective's threshold, below the objective's target.
 */
public record ConsumerBreach(String consumer, long requests, double compliancePct) {

    /** Lowest compliance first, then the busier consumer, then by name. */
    private static final Comparator<ConsumerBreach> WORST_FIRST = Comparator.comparingDouble(
                    ConsumerBreach::compliancePct)
            .thenComparing(Comparator.comparingLong(ConsumerBreach::requests).reversed())
            .thenComparing(ConsumerBreach::consumer);

    /**
     * The consumers among {@code byConsumer} (each one's window merged into one rollup) with at least
     * {@code leastRequests} requests whose TTFT compliance is below {@code ttft}'s target, worst first; the traffic
     * counted as "other" is no consumer and never listed.
     */
    public static List<ConsumerBreach> of(
            SloObjective ttft, Map<String, RequestRollup> byConsumer, long leastRequests) {
        if (ttft.kind() != SloKind.TTFT) {
            throw new IllegalArgumentException("consumers are judged against the TTFT objective");
        }
        double threshold = Objects.requireNonNull(ttft.thresholdMs(), "a TTFT objective has a threshold");
        return byConsumer.entrySet().stream()
                .filter(entry -> !DimensionValue.OTHER.equals(entry.getKey()))
                .filter(entry -> entry.getValue().requests() >= leastRequests)
                .flatMap(entry -> breach(ttft, threshold, entry.getKey(), entry.getValue()).stream())
                .sorted(WORST_FIRST)
                .toList();
    }

    private static Optional<ConsumerBreach> breach(
            SloObjective ttft, double threshold, String consumer, RequestRollup rollup) {
        EventCounts counts = SloKind.TTFT.count(rollup, threshold);
        if (counts.total() == 0) {
            return Optional.empty();
        }
        double compliance = 100.0 * counts.good() / counts.total();
        return compliance < ttft.targetPct()
                ? Optional.of(new ConsumerBreach(consumer, rollup.requests(), compliance))
                : Optional.empty();
    }
}
