package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.util.Collection;
import java.util.List;

/** Test-side door to the fold ingestion uses, so generated history is rolled up exactly as ingested samples are. */
public final class IngestRollups {

    private IngestRollups() {}

    public static Collection<RequestRollup> of(List<RequestSample> samples, Resolution resolution) {
        return RollupDeltas.ofRequests(samples, resolution);
    }
}
