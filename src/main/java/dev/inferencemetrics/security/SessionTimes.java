package dev.inferencemetrics.security;

import java.io.Serial;
import java.io.Serializable;
import java.time.Instant;

/**
 * When a session signed in, when its user last did something, and when the user's account was last read again;
 * kept in the HTTP session.
 */
record SessionTimes(Instant signedInAt, Instant lastActiveAt, Instant checkedAt) implements Serializable {

    @Serial
    private static final long serialVersionUID = 2L;

    static final String ATTRIBUTE = SessionTimes.class.getName();

    static SessionTimes signedIn(Instant at) {
        return new SessionTimes(at, at, at);
    }

    SessionTimes activeAt(Instant at) {
        return new SessionTimes(signedInAt, at, checkedAt);
    }

    SessionTimes checkedAt(Instant at) {
        return new SessionTimes(signedInAt, lastActiveAt, at);
    }
}
