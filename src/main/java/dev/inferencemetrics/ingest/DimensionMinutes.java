package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionRollup;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.DimensionValueStore;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The minute rollups of the values a fold's samples name, each sample added to its minute of every value it names.
 * Samples are added under their values as named, each value looked up by its string alone (a batch's samples share
 * one string a value, {@link SampleReader}); which values count under "other" is settled afterwards, for the few
 * values and days there are rather than for every sample, and the half hours merge the minutes.
 */
final class DimensionMinutes {

    private static final Dimension[] DIMENSIONS = Dimension.values();

    private final Map<Dimension, Map<String, Map<Instant, RequestRollup>>> byDimension = new EnumMap<>(Dimension.class);

    /** The minute rollups of the samples, {@code outcomes[i]} saying how {@code samples.get(i)} counts for goodput. */
    static DimensionMinutes of(List<RequestSample> samples, RequestOutcome[] outcomes) {
        DimensionMinutes minutes = new DimensionMinutes();
        for (int i = 0; i < samples.size(); i++) {
            minutes.add(samples.get(i), outcomes[i]);
        }
        return minutes;
    }

    private void add(RequestSample sample, RequestOutcome outcome) {
        if (!sample.hasDimensions()) {
            return;
        }
        Instant minute = Resolution.MINUTE.bucketOf(sample.ts());
        for (Dimension dimension : DIMENSIONS) {
            String value = sample.valueOf(dimension);
            if (value != null) {
                RequestRollup rollup = byDimension
                        .computeIfAbsent(dimension, d -> new HashMap<>())
                        .computeIfAbsent(value, v -> new HashMap<>(4))
                        .computeIfAbsent(minute, RequestRollup::new);
                RollupDeltas.add(rollup, sample, outcome);
            }
        }
    }

    boolean isEmpty() {
        return byDimension.isEmpty();
    }

    /** The values named, each on every UTC day it has a minute of. */
    Set<DimensionValueStore.DayValue> dayValues() {
        Set<DimensionValueStore.DayValue> values = new HashSet<>();
        forEachMinute((dimension, value, minute, rollup) -> values.add(dayValue(dimension, value, minute)));
        return values;
    }

    /**
     * The rollups per value, resolution and bucket, a value among the {@code refused} of its day (past the day's cap)
     * counted under {@link DimensionValue#OTHER}. The rollups added to are handed on, not copied.
     */
    Collection<DimensionRollup> rollups(Set<DimensionValueStore.DayValue> refused) {
        Map<Key, DimensionRollup> minutes = new HashMap<>();
        forEachMinute((dimension, value, minute, rollup) -> {
            DimensionValue counted = refused.contains(dayValue(dimension, value, minute))
                    ? DimensionValue.other(dimension)
                    : new DimensionValue(dimension, value);
            minutes.merge(new Key(counted, minute), new DimensionRollup(counted, Resolution.MINUTE, rollup), (a, b) -> {
                a.rollup().merge(b.rollup());
                return a;
            });
        });
        List<DimensionRollup> rollups = new ArrayList<>(minutes.values());
        rollups.addAll(halfHours(minutes.values()));
        return rollups;
    }

    /** The half-hour rollups of the minute rollups, each the merge of its value's minutes within it. */
    private static Collection<DimensionRollup> halfHours(Collection<DimensionRollup> minutes) {
        Map<Key, DimensionRollup> halfHours = new HashMap<>();
        for (DimensionRollup minute : minutes) {
            Instant bucket = Resolution.HALF_HOUR.bucketOf(minute.rollup().bucket());
            halfHours
                    .computeIfAbsent(
                            new Key(minute.value(), bucket),
                            key -> new DimensionRollup(minute.value(), Resolution.HALF_HOUR, new RequestRollup(bucket)))
                    .rollup()
                    .merge(minute.rollup());
        }
        return halfHours.values();
    }

    private void forEachMinute(MinuteVisitor visitor) {
        byDimension.forEach((dimension, values) -> values.forEach((value, minutes) ->
                minutes.forEach((minute, rollup) -> visitor.visit(dimension, value, minute, rollup))));
    }

    private static DimensionValueStore.DayValue dayValue(Dimension dimension, String value, Instant minute) {
        return new DimensionValueStore.DayValue(dimension, LocalDate.ofInstant(minute, ZoneOffset.UTC), value);
    }

    @FunctionalInterface
    private interface MinuteVisitor {
        void visit(Dimension dimension, String value, Instant minute, RequestRollup rollup);
    }

    /** A value's bucket at one resolution. */
    private record Key(DimensionValue value, Instant bucket) {}
}
