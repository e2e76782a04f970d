package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The time each KV-cache reading covers: until its replica's next reading, at most {@link KvRollup#MAX_COVER_SECONDS}
 * (a reading before a silence, or the latest one, covers that much until a next one says otherwise). New readings
 * change the cover of the reading just before each of them, so both go into the rollups as deltas of covered time,
 * counted in the bucket of the reading.
 */
final class KvCoverage {

    /** How far around new readings the stored ones can matter: one cover before and after. */
    static final Duration REACH = Duration.ofMillis((long) (KvRollup.MAX_COVER_SECONDS * 1000));

    private KvCoverage() {}

    /**
     * The cover deltas of {@code added} readings of one deployment, given {@code around}: the readings of their
     * replicas stored within {@link #REACH} of them, the added ones among them or not.
     */
    static List<KvRollup> deltas(List<KvSample> added, List<KvSample> around, Resolution resolution) {
        List<KvRollup> deltas = new ArrayList<>();
        Map<String, List<KvSample>> addedByReplica = added.stream().collect(Collectors.groupingBy(KvSample::replica));
        addedByReplica.forEach((replica, mine) -> {
            Set<Instant> addedAt = mine.stream().map(KvSample::ts).collect(Collectors.toCollection(HashSet::new));
            List<KvSample> before = around.stream()
                    .filter(s -> s.replica().equals(replica) && !addedAt.contains(s.ts()))
                    .sorted(Comparator.comparing(KvSample::ts))
                    .toList();
            Map<Instant, Integer> beforeAt = new HashMap<>();
            for (int i = 0; i < before.size(); i++) {
                beforeAt.put(before.get(i).ts(), i);
            }
            List<KvSample> after = new ArrayList<>(before);
            after.addAll(mine);
            after.sort(Comparator.comparing(KvSample::ts));
            Instant from =
                    addedAt.stream().min(Instant::compareTo).orElseThrow().minus(REACH);
            Instant to = addedAt.stream().max(Instant::compareTo).orElseThrow();
            for (int i = 0; i < after.size(); i++) {
                KvSample reading = after.get(i);
                if (reading.ts().isBefore(from) || reading.ts().isAfter(to)) {
                    continue;
                }
                double was = addedAt.contains(reading.ts())
                        ? 0
                        : cover(
                                before,
                                Objects.requireNonNull(
                                        beforeAt.get(reading.ts()), "every reading not added was there before"));
                double change = cover(after, i) - was;
                if (change != 0) {
                    deltas.add(KvRollup.cover(resolution.bucketOf(reading.ts()), reading.usagePct(), change));
                }
            }
        });
        return deltas;
    }

    private static double cover(List<KvSample> readings, int index) {
        if (index + 1 >= readings.size()) {
            return KvRollup.MAX_COVER_SECONDS;
        }
        Duration gap = Duration.between(
                readings.get(index).ts(), readings.get(index + 1).ts());
        return Math.min(KvRollup.MAX_COVER_SECONDS, gap.toNanos() / 1e9);
    }
}
