package dev.inferencemetrics.ingest;

import java.util.List;

/**
 * The answer to a batch. {@code accepted} counts valid samples, all of which are stored once they are answered;
 * {@code duplicates} says how many of them were stored already by an earlier send and were not counted again.
 */
public record IngestResult(int accepted, int rejected, int duplicates, List<Rejection> errors) {

    public IngestResult {
        errors = List.copyOf(errors);
    }
}
