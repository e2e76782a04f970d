package dev.inferencemetrics.scrape;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * One scrape under way, which its deadline or the removal of its target can stop from another thread. Stopping
 * interrupts the virtual thread doing the fetch, and the JDK closes the socket a virtual thread is blocked on when it
 * is interrupted, so a blocked connect or read ends at once — however slowly bytes trickle in. Closing the
 * connection instead ({@code HttpURLConnection.disconnect()}) waits for the lock the blocked read of a chunked body
 * holds: the stop would come only between two reads, or never while the answer keeps coming, and it would hold the
 * thread that stops every scrape at its deadline.
 */
final class Fetch {

    /** Why a fetch was stopped. */
    enum Stop {
        DEADLINE,
        REMOVED,
        SHUTDOWN
    }

    private @Nullable Thread fetching;
    private @Nullable Stop stopped;

    /**
     * Marks the calling virtual thread as the one doing the fetch, which {@link #stop} interrupts; fails at once if
     * the fetch was stopped already.
     */
    synchronized void begin() throws IOException {
        Thread current = Thread.currentThread();
        if (!current.isVirtual()) {
            throw new IllegalStateException("a fetch runs on a virtual thread, whose socket an interrupt closes");
        }
        if (stopped != null) {
            throw new IOException("the fetch was stopped: " + stopped);
        }
        fetching = current;
    }

    /** Ends the part a stop may interrupt, and clears an interrupt it left, so what follows runs undisturbed. */
    synchronized void end() {
        if (fetching == Thread.currentThread()) {
            fetching = null;
            Thread.interrupted();
        }
    }

    /** Ends the fetch; the first reason stays. */
    synchronized void stop(Stop reason) {
        if (stopped == null) {
            stopped = reason;
            if (fetching != null) {
                fetching.interrupt();
            }
        }
    }

    /** Why the fetch was stopped, or null while it may go on. */
    synchronized @Nullable Stop stopped() {
        return stopped;
    }
}
