package dev.inferencemetrics.scrape.exposition;

/** The exposition holds more samples than one scrape may read. */
public final class TooManySeries extends ExpositionFormatException {

    TooManySeries(int line, int limit) {
        super(line, "the exposition has more than " + limit + " series, the most one scrape may have");
    }
}
