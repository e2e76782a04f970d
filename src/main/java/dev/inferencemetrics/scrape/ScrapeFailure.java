package dev.inferencemetrics.scrape;

/** A scrape that yielded nothing; the message is what the deployment page shows, in plain words. */
final class ScrapeFailure extends Exception {

    private final String reason;

    ScrapeFailure(String message) {
        super(message);
        this.reason = message;
    }

    /** Never null: every failed scrape says why. */
    @Override
    public String getMessage() {
        return reason;
    }
}
