package dev.inferencemetrics.ingest;

/** A sample that breaks a rule; its message is the reason given back to the sender. */
final class InvalidSample extends RuntimeException {

    InvalidSample(String reason) {
        super(reason, null, false, false);
    }
}
