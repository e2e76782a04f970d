package dev.inferencemetrics.imports;

import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A benchmark file's requests read one at a time, so an import holds a batch in memory, never the whole file.
 *
 * @see BenchmarkReaders#open
 */
interface RecordStream extends AutoCloseable {

    /**
     * @return the next request in file order, or null after the last
     * @throws dev.inferencemetrics.base.UnusableValueException if the file is not of the format, with a message for the user
     */
    @Nullable
    BenchmarkRecord next();

    /** How long the run took if the file says; known once every record has been read. */
    default @Nullable Duration duration() {
        return null;
    }

    /** Notes for the import summary about how records were read; complete once every record has been read. */
    default List<String> notes() {
        return List.of();
    }

    @Override
    void close();
}
