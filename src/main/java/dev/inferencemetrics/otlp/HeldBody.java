package dev.inferencemetrics.otlp;

import dev.inferencemetrics.api.ApiProblem;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * A request body read through once — by the span count — and kept as it passes, up to {@code maxBytes}: one byte
 * more is refused with the given problem, so an oversized body is never held whole.
 */
final class HeldBody extends InputStream {

    private final InputStream in;
    private final long maxBytes;
    private final Supplier<ApiProblem> tooLarge;
    private byte[] held = new byte[8192];
    private int size;

    HeldBody(InputStream in, long maxBytes, Supplier<ApiProblem> tooLarge) {
        this.in = in;
        this.maxBytes = maxBytes;
        this.tooLarge = tooLarge;
    }

    @Override
    public int read() throws IOException {
        int next = in.read();
        if (next >= 0) {
            hold(new byte[] {(byte) next}, 0, 1);
        }
        return next;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int read = in.read(buffer, offset, length);
        if (read > 0) {
            hold(buffer, offset, read);
        }
        return read;
    }

    /** The reader of the count closes what it reads; the body stays open for {@link #readRest}. */
    @Override
    public void close() {}

    /** Reads what the count left unread (past the export's end, or after it stopped at a malformed field). */
    void readRest() throws IOException {
        byte[] buffer = new byte[8192];
        while (read(buffer, 0, buffer.length) >= 0) {
            // held as it is read
        }
    }

    int size() {
        return size;
    }

    byte[] bytes() {
        return Arrays.copyOf(held, size);
    }

    private void hold(byte[] buffer, int offset, int length) {
        if (size + (long) length > maxBytes) {
            throw tooLarge.get();
        }
        if (size + length > held.length) {
            held = Arrays.copyOf(held, (int) Math.min(maxBytes, Math.max(size + length, 2L * held.length)));
        }
        System.arraycopy(buffer, offset, held, size, length);
        size += length;
    }
}
