package dev.inferencemetrics.billing;

import java.io.IOException;

/** Writes an export by consumer or adapter line by line as the lines are summed; never holds the export whole. */
interface UsageLineWriter {

    void line(UsageLine line) throws IOException;

    /** Writes what follows the lines and flushes; does not close the stream, which belongs to the caller. */
    void finish() throws IOException;
}
