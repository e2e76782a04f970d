package dev.inferencemetrics.imports;

import dev.inferencemetrics.base.UnusableValueException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An uploaded file kept on disk, not in memory, so it can be read more than once (to count and check it, to name
 * its run, to import it); deleted when closed.
 */
final class SpooledFile implements AutoCloseable {

    private final Path path;

    private SpooledFile(Path path) {
        this.path = path;
    }

    /** @throws UnusableValueException if the content is longer than {@code maxBytes} */
    static SpooledFile of(InputStream content, long maxBytes) throws IOException {
        Path path = Files.createTempFile("benchmark-import-", ".json");
        try {
            try (OutputStream out = Files.newOutputStream(path)) {
                content.transferTo(new BoundedOutputStream(out, maxBytes));
            }
            return new SpooledFile(path);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(path);
            throw e;
        }
    }

    InputStream open() {
        try {
            return Files.newInputStream(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the copy as soon as the file passes its bound, rather than after writing it all. */
    private static final class BoundedOutputStream extends OutputStream {
        private final OutputStream out;
        private final long maxBytes;
        private long written;

        BoundedOutputStream(OutputStream out, long maxBytes) {
            this.out = out;
            this.maxBytes = maxBytes;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            written += len;
            if (written > maxBytes) {
                throw new UnusableValueException("files up to " + maxBytes / (1024 * 1024) + " MiB can be imported");
            }
            out.write(b, off, len);
        }
    }
}
