package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.util.Collection;
import java.util.List;

/** Test-side door to the fold ingestion uses, so generated history is rolled up exactly as ingested samples are. */
public final class IngestRollups {

    private IngestRollups() {}

    /** The samples rolled up as ingest rolls them up for a deployment with this goodput SLO. */
    public static Collection<RequestRollup> of(List<RequestSample> samples, GoodputSlo goodput, Resolution resolution) {
        return RollupDeltas.ofRequests(samples, RollupDeltas.outcomes(samples, goodput), resolution);
    }
}
