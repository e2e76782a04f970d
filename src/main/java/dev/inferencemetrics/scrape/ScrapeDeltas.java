package dev.inferencemetrics.scrape;

import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.scrape.CounterMemory.Reading;
import dev.inferencemetrics.scrape.Snapshot.Cumulative;
import dev.inferencemetrics.scrape.Snapshot.GaugeReading;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Turns a snapshot into what is stored, given the previous scrape's cumulative values: counters become rates per
 * second, counter pairs a ratio of their increases, histogram buckets per-bucket counts. A counter that went down, or
 * whose {@code _created} time changed, was reset (the engine restarted): its whole value is the increase, as
 * Prometheus counts it. The first scrape of a series has nothing to compare with and yields no increase.
 *
 * <p>The engine replicas a scrape read are counted once per minute and target: the first scrape of a minute adds
 * them all, a later one of the same minute only those beyond the count so far (so a minute counts the most replicas any
 * of the target's scrapes in it read).
 */
final class ScrapeDeltas {

    private ScrapeDeltas() {}

    /** @param newReplicas engine replicas to add to the count of the scrape's minute */
    record Result(List<GaugeReading> gauges, List<HistogramDelta> histograms, CounterMemory memory, int newReplicas) {}

    static Result between(@Nullable CounterMemory previous, Snapshot snapshot, Instant now) {
        List<GaugeReading> gauges = new ArrayList<>(snapshot.gauges());
        List<HistogramDelta> histograms = new ArrayList<>();
        Map<String, Reading> memory = new HashMap<>();
        Map<String, List<Increase>> groups = new LinkedHashMap<>();
        for (Cumulative cumulative : snapshot.cumulatives()) {
            memory.put(cumulative.key(), new Reading(cumulative.value(), cumulative.created()));
            Reading before = previous == null ? null : previous.values().get(cumulative.key());
            groups.computeIfAbsent(cumulative.metric().code() + '\t' + cumulative.replica(), g -> new ArrayList<>())
                    .add(new Increase(cumulative, before == null ? Double.NaN : increase(before, cumulative)));
        }
        double seconds =
                previous == null ? 0 : Duration.between(previous.takenAt(), now).toMillis() / 1000.0;
        for (List<Increase> group : groups.values()) {
            if (group.stream().anyMatch(increase -> Double.isNaN(increase.amount())) || seconds <= 0) {
                continue;
            }
            Cumulative first = group.getFirst().of();
            switch (first.metric()) {
                case TTFT, ITL, E2E -> histograms.add(histogram(first.metric(), group));
                case PREFIX_CACHE_HIT ->
                    ratio(group)
                            .ifPresent(hitPct -> gauges.add(new GaugeReading(first.metric(), first.replica(), hitPct)));
                default ->
                    gauges.add(new GaugeReading(
                            first.metric(), first.replica(), group.getFirst().amount() / seconds));
            }
        }
        int replicas = snapshot.engineReplicas();
        int counted = previous != null
                        && Resolution.MINUTE.bucketOf(previous.takenAt()).equals(Resolution.MINUTE.bucketOf(now))
                ? previous.replicas()
                : 0;
        return new Result(
                gauges,
                histograms,
                new CounterMemory(now, memory, Math.max(counted, replicas)),
                Math.max(0, replicas - counted));
    }

    private static double increase(Reading before, Cumulative now) {
        boolean recreated =
                !Double.isNaN(before.created()) && !Double.isNaN(now.created()) && before.created() != now.created();
        return recreated || now.value() < before.value() ? now.value() : now.value() - before.value();
    }

    private static Optional<Double> ratio(List<Increase> group) {
        double hits = amount(group, "hits");
        double queries = amount(group, "queries");
        return queries > 0 && hits <= queries ? Optional.of(100 * hits / queries) : Optional.empty();
    }

    private static double amount(List<Increase> group, String part) {
        return group.stream()
                .filter(increase -> increase.of().part().equals(part))
                .mapToDouble(Increase::amount)
                .findFirst()
                .orElse(0);
    }

    /** Cumulative bucket increases, ordered by bound, become the count of each bucket alone. */
    private static HistogramDelta histogram(EngineMetric metric, List<Increase> group) {
        List<Increase> sorted = group.stream()
                .sorted(Comparator.comparingDouble(
                        increase -> bound(increase.of().part())))
                .toList();
        double[] bounds = new double[sorted.size()];
        long[] counts = new long[sorted.size()];
        double below = 0;
        for (int i = 0; i < sorted.size(); i++) {
            bounds[i] = bound(sorted.get(i).of().part());
            double cumulative = Math.max(below, sorted.get(i).amount());
            counts[i] = Math.round(cumulative - below);
            below = cumulative;
        }
        return new HistogramDelta(metric, bounds, counts);
    }

    /** Whether a bucket's {@code le} label is a bound at all. */
    static boolean isBound(String le) {
        try {
            return !Double.isNaN(bound(le));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static double bound(String le) {
        return switch (le) {
            case "+Inf", "Inf", "inf", "+inf" -> Double.POSITIVE_INFINITY;
            default -> Double.parseDouble(le);
        };
    }

    private record Increase(Cumulative of, double amount) {}
}
