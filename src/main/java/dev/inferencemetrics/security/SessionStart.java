package dev.inferencemetrics.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.session.SessionAuthenticationStrategy;

/**
 * Stamps a session with its sign-in time, and lets the servlet container drop it after the idle timeout when the
 * browser is gone altogether (no requests, not even heartbeats).
 */
final class SessionStart implements SessionAuthenticationStrategy {

    private final SessionTimeouts timeouts;
    private final Clock clock;

    SessionStart(SessionTimeouts timeouts, Clock clock) {
        this.timeouts = timeouts;
        this.clock = clock;
    }

    @Override
    public void onAuthentication(
            Authentication authentication, HttpServletRequest request, HttpServletResponse response) {
        HttpSession session = request.getSession();
        session.setAttribute(SessionTimes.ATTRIBUTE, SessionTimes.signedIn(clock.instant()));
        session.setMaxInactiveInterval(
                (int) Math.min(Integer.MAX_VALUE, timeouts.idle().toSeconds()));
    }
}
