package dev.inferencemetrics.security;

import java.time.Duration;
import java.time.Instant;

/** The idle and absolute limits of a signed-in session. */
final class SessionTimeouts {

    private final Duration idle;
    private final Duration absolute;
    private final Duration recheck;

    SessionTimeouts(SessionProperties properties) {
        this.idle = properties.idleTimeout();
        this.absolute = properties.absoluteTimeout();
        this.recheck = properties.recheckInterval();
    }

    Duration idle() {
        return idle;
    }

    /** Whether a session with these times has ended by {@code now}: idle too long, or signed in too long ago. */
    boolean haveEnded(SessionTimes times, Instant now) {
        return !now.isBefore(times.lastActiveAt().plus(idle))
                || !now.isBefore(times.signedInAt().plus(absolute));
    }

    /** Whether it is time to read the session's user from the database again. */
    boolean recheckDue(SessionTimes times, Instant now) {
        return !now.isBefore(times.checkedAt().plus(recheck));
    }
}
