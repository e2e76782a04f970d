package dev.inferencemetrics.security;

import dev.inferencemetrics.testing.ServerSessions;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.context.ApplicationContext;

/** Lets a test skip the wait for a session's periodic account recheck. */
public final class SessionRechecks {

    private SessionRechecks() {}

    /** Moves the session's last account check a recheck interval back, so its next request reads the account. */
    public static void makeDue(ApplicationContext context, String sessionId) {
        HttpSession session = new ServerSessions(context).require(sessionId);
        SessionTimes times = (SessionTimes) session.getAttribute(SessionTimes.ATTRIBUTE);
        Duration interval = context.getBean(SessionProperties.class).recheckInterval();
        Instant checked = context.getBean(Clock.class).instant().minus(interval);
        session.setAttribute(SessionTimes.ATTRIBUTE, times.checkedAt(checked));
    }
}
