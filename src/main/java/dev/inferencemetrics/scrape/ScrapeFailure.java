package dev.inferencemetrics.scrape;

/** A scrape that yielded nothing; the message is what the deployment page shows, in plain words. */
final class ScrapeFailure extends Exception {

    ScrapeFailure(String message) {
        super(message);
    }
}
