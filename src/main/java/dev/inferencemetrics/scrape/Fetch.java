package dev.inferencemetrics.scrape;

import java.io.IOException;
import java.net.HttpURLConnection;
import org.jspecify.annotations.Nullable;

/**
 * One scrape under way, which its deadline or the removal of its target can stop from another thread: stopping
 * closes the connection, so a read blocked on a slow answer ends at once.
 */
final class Fetch {

    /** Why a fetch was stopped. */
    enum Stop {
        DEADLINE,
        REMOVED,
        SHUTDOWN
    }

    private @Nullable HttpURLConnection connection;
    private @Nullable Stop stopped;

    /** Lets {@link #stop} close this connection; closes it at once if the fetch was stopped already. */
    synchronized void attach(HttpURLConnection connection) throws IOException {
        this.connection = connection;
        if (stopped != null) {
            connection.disconnect();
            throw new IOException("the fetch was stopped: " + stopped);
        }
    }

    /** Ends the fetch; the first reason stays. */
    synchronized void stop(Stop reason) {
        if (stopped == null) {
            stopped = reason;
            if (connection != null) {
                connection.disconnect();
            }
        }
    }

    /** Why the fetch was stopped, or null while it may go on. */
    synchronized @Nullable Stop stopped() {
        return stopped;
    }
}
