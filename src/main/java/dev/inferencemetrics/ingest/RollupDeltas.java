package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    /** Adds one sample to a rollup, {@code outcome} saying how it counts for goodput. */
    static void add(RequestRollup rollup, RequestSample sample, RequestOutcome outcome) {
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
