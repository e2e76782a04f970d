package dev.inferencemetrics.imports;

import dev.inferencemetrics.ingest.Rejection;
import java.time.Instant;
import java.util.List;

/**
 * What an import stored: {@code imported} requests (of which {@code failed} did not end ok, and {@code duplicates}
 * were already stored by an earlier import of the same file and start), {@code rejected} with the first reasons;
 * {@code notes} say how records were read where that is not obvious.
 */
public record ImportSummary(
        int records,
        int imported,
        int duplicates,
        int rejected,
        long failed,
        long inputTokens,
        long outputTokens,
        Instant from,
        Instant to,
        List<Rejection> firstRejections,
        List<String> notes) {

    public ImportSummary {
        firstRejections = List.copyOf(firstRejections);
        notes = List.copyOf(notes);
    }
}
