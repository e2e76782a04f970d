package dev.inferencemetrics.billing;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/** Writes an export row by row as the rows are read, so no export is ever held in memory whole. */
interface UsageWriter {

    /** Writes the row, with its GPU cost figures for operators ({@code cost} null: the columns stay empty). */
    void row(UsageRow row, @Nullable CostOfTokens cost) throws IOException;

    /** Writes what follows the rows and flushes; does not close the stream, which belongs to the caller. */
    void finish() throws IOException;
}
