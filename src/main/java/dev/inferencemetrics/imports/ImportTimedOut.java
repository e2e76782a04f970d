package dev.inferencemetrics.imports;

import java.time.Duration;

/** An import ran past its time bound and stopped between batches; what was stored stays, resending completes it. */
public final class ImportTimedOut extends RuntimeException {

    ImportTimedOut(int stored, int records, Duration bound) {
        super(
                "the import stopped after %d s with %,d of %,d requests sent; importing the same file with the same start again completes it without counting twice"
                        .formatted(bound.toSeconds(), stored, records));
    }
}
