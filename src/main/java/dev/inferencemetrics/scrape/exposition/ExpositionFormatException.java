package dev.inferencemetrics.scrape.exposition;

/** The text is not a valid exposition; the message names the line and what is wrong with it. */
public class ExpositionFormatException extends RuntimeException {

    ExpositionFormatException(int line, String reason) {
        super("line " + line + ": " + reason);
    }
}
