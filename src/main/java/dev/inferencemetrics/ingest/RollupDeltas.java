package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionRollup;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.DimensionValueStore;
import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Folds newly stored samples into one rollup delta per bucket. */
final class RollupDeltas {

    private RollupDeltas() {}

    /** The samples' rollups, each judged for goodput: {@code outcomes[i]} is how {@code samples[i]} counts. */
    static Collection<RequestRollup> ofRequests(
            List<RequestSample> samples, RequestOutcome[] outcomes, Resolution resolution) {
        Map<Instant, RequestRollup> byBucket = new HashMap<>();
        for (int i = 0; i < samples.size(); i++) {
            RequestSample sample = samples.get(i);
            add(byBucket.computeIfAbsent(resolution.bucketOf(sample.ts()), RequestRollup::new), sample, outcomes[i]);
        }
        return byBucket.values();
    }

    /**
     * The rollups of the samples that name a value of some dimension, per dimension value, resolution and bucket; a
     * value among the {@code refused} of its day (past the day's cap) counts under {@link DimensionValue#OTHER}. Most
     * batches have none refused, and then no sample's value is looked up. Each sample is added to its minutes only;
     * the half hours merge those minutes, which gives the same sketches for a fraction of the work.
     */
    static Collection<DimensionRollup> ofDimensions(
            List<RequestSample> samples, RequestOutcome[] outcomes, Set<DimensionValueStore.DayValue> refused) {
        Map<DimensionKey, DimensionRollup> minutes = new HashMap<>();
        for (int i = 0; i < samples.size(); i++) {
            RequestSample sample = samples.get(i);
            if (!sample.hasDimensions()) {
                continue;
            }
            Instant minute = Resolution.MINUTE.bucketOf(sample.ts());
            for (Dimension dimension : Dimension.values()) {
                String value = sample.valueOf(dimension);
                if (value == null) {
                    continue;
                }
                DimensionValue counted = !refused.isEmpty() && refused.contains(dayValue(dimension, sample.ts(), value))
                        ? DimensionValue.other(dimension)
                        : new DimensionValue(dimension, value);
                DimensionRollup rollup = minutes.computeIfAbsent(
                        new DimensionKey(counted, Resolution.MINUTE, minute),
                        key -> new DimensionRollup(counted, Resolution.MINUTE, new RequestRollup(minute)));
                add(rollup.rollup(), sample, outcomes[i]);
            }
        }
        List<DimensionRollup> rollups = new ArrayList<>(minutes.values());
        rollups.addAll(halfHours(minutes.values()));
        return rollups;
    }

    /** The half-hour rollups of the minute rollups, each the merge of its value's minutes within it. */
    private static Collection<DimensionRollup> halfHours(Collection<DimensionRollup> minutes) {
        Map<DimensionKey, DimensionRollup> halfHours = new HashMap<>();
        for (DimensionRollup minute : minutes) {
            Instant bucket = Resolution.HALF_HOUR.bucketOf(minute.rollup().bucket());
            halfHours
                    .computeIfAbsent(
                            new DimensionKey(minute.value(), Resolution.HALF_HOUR, bucket),
                            key -> new DimensionRollup(minute.value(), Resolution.HALF_HOUR, new RequestRollup(bucket)))
                    .rollup()
                    .merge(minute.rollup());
        }
        return halfHours.values();
    }

    /** The values the samples name, each on the UTC day of its sample. */
    static Set<DimensionValueStore.DayValue> dayValues(List<RequestSample> samples) {
        Set<DimensionValueStore.DayValue> values = new HashSet<>();
        for (RequestSample sample : samples) {
            if (!sample.hasDimensions()) {
                continue;
            }
            LocalDate day = LocalDate.ofInstant(sample.ts(), ZoneOffset.UTC);
            for (Dimension dimension : Dimension.values()) {
                String value = sample.valueOf(dimension);
                if (value != null) {
                    values.add(new DimensionValueStore.DayValue(dimension, day, value));
                }
            }
        }
        return values;
    }

    private static DimensionValueStore.DayValue dayValue(Dimension dimension, Instant ts, String value) {
        return new DimensionValueStore.DayValue(dimension, LocalDate.ofInstant(ts, ZoneOffset.UTC), value);
    }

    private record DimensionKey(DimensionValue value, Resolution resolution, Instant bucket) {}

    private static void add(RequestRollup rollup, RequestSample sample, RequestOutcome outcome) {
        boolean ok = sample.status() == SampleStatus.OK;
        rollup.addRequest(ok, sample.inputTokens(), sample.outputTokens());
        rollup.goodput().add(outcome, sample.outputTokens());
        if (ok) {
            addLatencies(rollup, sample);
        } else {
            rollup.addFailure(FailedStatus.valueOf(sample.status().name()));
        }
    }

    /** The samples' outcomes against the goodput SLO, in their order. */
    static RequestOutcome[] outcomes(List<RequestSample> samples, GoodputSlo slo) {
        RequestOutcome[] outcomes = new RequestOutcome[samples.size()];
        for (int i = 0; i < outcomes.length; i++) {
            outcomes[i] = GoodputRule.outcome(samples.get(i), slo);
        }
        return outcomes;
    }

    /** New readings, and the time they and the readings stored {@code around} them cover, one delta per bucket. */
    static Collection<KvRollup> ofKv(List<KvSample> samples, List<KvSample> around, Resolution resolution) {
        Map<Instant, KvRollup> byBucket = new HashMap<>();
        for (KvSample sample : samples) {
            Instant bucket = resolution.bucketOf(sample.ts());
            byBucket.merge(bucket, KvRollup.of(bucket, sample.usagePct()), KvRollup::plus);
        }
        for (KvRollup cover : KvCoverage.deltas(samples, around, resolution)) {
            byBucket.merge(cover.bucket(), cover, KvRollup::plus);
        }
        return byBucket.values();
    }

    private static void addLatencies(RequestRollup rollup, RequestSample sample) {
        if (sample.ttftMs() != null) {
            rollup.ttft().add(sample.ttftMs());
        }
        if (sample.e2eMs() != null) {
            rollup.e2e().add(sample.e2eMs());
        }
        if (sample.queueMs() != null) {
            rollup.queue().add(sample.queueMs());
        }
        if (sample.itlGapsMs() != null) {
            for (float gap : sample.itlGapsMs()) {
                rollup.itl().add(gap);
            }
        } else if (sample.tpotMs() != null) {
            rollup.itl().add(sample.tpotMs(), sample.tpotGapCount());
        }
    }
}
