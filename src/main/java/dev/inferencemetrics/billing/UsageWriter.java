package dev.inferencemetrics.billing;

import java.io.IOException;

/** Writes an export row by row as the rows are read, so no export is ever held in memory whole. */
interface UsageWriter {

    void row(UsageRow row) throws IOException;

    /** Writes what follows the rows and flushes; does not close the stream, which belongs to the caller. */
    void finish() throws IOException;
}
