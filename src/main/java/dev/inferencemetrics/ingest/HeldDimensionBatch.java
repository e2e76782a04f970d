package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.RequestOutcome;
import java.util.List;

/**
 * A committed ingest batch whose samples name a consumer, adapter or priority, kept in memory until a fold counts it:
 * the row it opened in {@code dimension_batch}, the samples it stored that name a value and how each counts for
 * goodput ({@code outcomes.get(i)} is how {@code samples.get(i)} counts), judged with the thresholds the batch counted
 * the deployment's own rollups with.
 */
record HeldDimensionBatch(
        long tenantId, long deploymentId, long id, List<RequestSample> samples, List<RequestOutcome> outcomes) {

    HeldDimensionBatch {
        if (samples.size() != outcomes.size()) {
            throw new IllegalArgumentException("one outcome per sample");
        }
        samples = List.copyOf(samples);
        outcomes = List.copyOf(outcomes);
    }
}
