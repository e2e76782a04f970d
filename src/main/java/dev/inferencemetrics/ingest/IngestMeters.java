package dev.inferencemetrics.ingest;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/** The service's own ingest figures for Prometheus: samples stored, recognised as resent, and refused by reason. */
@Component
class IngestMeters {

    private static final Pattern ARRAY_INDEX = Pattern.compile("\\[\\d+]");

    private final MeterRegistry meters;

    IngestMeters(MeterRegistry meters) {
        this.meters = meters;
    }

    /** Called once the batch is committed, so the counts never run ahead of what is stored. */
    void record(String kind, IngestResult result) {
        samples(kind, "stored").increment(result.accepted() - result.duplicates());
        samples(kind, "duplicate").increment(result.duplicates());
        for (Rejection rejection : result.errors()) {
            Counter.builder("inference.metrics.ingest.rejected")
                    .description("Samples refused, by reason")
                    .tag("kind", kind)
                    // the index inside itlMs[i] would make one series per position
                    .tag("reason", ARRAY_INDEX.matcher(rejection.reason()).replaceAll("[]"))
                    .register(meters)
                    .increment();
        }
    }

    private Counter samples(String kind, String outcome) {
        return Counter.builder("inference.metrics.ingest.samples")
                .description("Valid samples received: stored for the first time, or recognised as resent")
                .tag("kind", kind)
                .tag("outcome", outcome)
                .register(meters);
    }
}
