package dev.inferencemetrics.api;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/**
 * The one answer for a call the database could not serve (unreachable, failed over, too busy): 503 with {@code
 * Retry-After}, since nothing was stored and a resend will succeed once the database is back. Given by the API's
 * exception handler and by the key filter, which checks the key before any controller runs.
 */
public final class DatabaseUnavailable {

    public static final String RETRY_AFTER_SECONDS = "5";
    public static final String DETAIL = "The database is unavailable or busy; nothing was stored. Retry later.";

    private DatabaseUnavailable() {}

    /** Writes the answer where no controller advice is involved (servlet filters). */
    public static void write(HttpServletResponse response) throws IOException {
        response.setHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        ProblemWriter.write(response, HttpStatus.SERVICE_UNAVAILABLE, DETAIL);
    }
}
