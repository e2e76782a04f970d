package dev.inferencemetrics.ingest;

/** A sample that breaks a rule; its message is the reason given back to the sender. */
final class InvalidSample extends RuntimeException {

    private final String reason;

    InvalidSample(String reason) {
        super(reason, null, false, false);
        this.reason = reason;
    }

    /** Never null: every rejected sample says why. */
    @Override
    public String getMessage() {
        return reason;
    }
}
