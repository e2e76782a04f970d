package dev.inferencemetrics.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jspecify.annotations.Nullable;

/**
 * One browser at a time across the test JVMs: the integration tests run in two JVMs at once, and two Chromiums beside
 * two applications would starve each other's pages on two cores. A browser takes the turn, a file lock every JVM of
 * the build sees, when it opens and gives it back when it closes; browsers of the same JVM share it.
 */
final class BrowserTurn {

    private static final Path LOCK = Path.of("target", "browser-tests.lock");

    private static @Nullable FileChannel channel;
    private static @Nullable FileLock lock;
    private static int browsers;

    private BrowserTurn() {}

    /** Waits until no other JVM has a browser open. */
    static synchronized void take() {
        if (browsers++ > 0) {
            return;
        }
        try {
            Files.createDirectories(LOCK.getParent());
            FileChannel opened = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            channel = opened;
            lock = opened.lock();
        } catch (IOException e) {
            browsers--;
            throw new UncheckedIOException(e);
        }
    }

    static synchronized void giveBack() {
        if (--browsers > 0) {
            return;
        }
        try {
            if (lock != null) {
                lock.release();
            }
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock = null;
            channel = null;
        }
    }
}
