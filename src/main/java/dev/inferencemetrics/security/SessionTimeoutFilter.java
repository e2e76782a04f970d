package dev.inferencemetrics.security;

import com.vaadin.flow.shared.ApplicationConstants;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.session.SessionInformation;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Ends signed-in sessions that were idle or open too long, by the injected clock, and those whose user was disabled,
 * given another role or a new password (read again every recheck interval, which covers changes made on another
 * instance). A Vaadin
 * heartbeat only says a browser tab is still open, so it does not count as activity. An ended session is marked
 * expired in the session registry; the {@link org.springframework.security.web.session.ConcurrentSessionFilter} after this one signs it
 * out, and the request goes on as an anonymous one (to the login page).
 */
final class SessionTimeoutFilter extends OncePerRequestFilter {

    private static final String HEARTBEAT =
            ApplicationConstants.REQUEST_TYPE_PARAMETER + "=" + ApplicationConstants.REQUEST_TYPE_HEARTBEAT;

    private final SessionTimeouts timeouts;
    private final SessionRegistry registry;
    private final Predicate<SignedInUser> stillCurrent;
    private final Clock clock;

    SessionTimeoutFilter(
            SessionTimeouts timeouts, SessionRegistry registry, Predicate<SignedInUser> stillCurrent, Clock clock) {
        this.timeouts = timeouts;
        this.registry = registry;
        this.stillCurrent = stillCurrent;
        this.clock = clock;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpSession session = request.getSession(false);
        if (session != null && session.getAttribute(SessionTimes.ATTRIBUTE) instanceof SessionTimes times) {
            check(request, session, times);
        }
        chain.doFilter(request, response);
    }

    private void check(HttpServletRequest request, HttpSession session, SessionTimes times) {
        Instant now = clock.instant();
        SessionInformation information = registry.getSessionInformation(session.getId());
        // a signed-in session the registry does not know (say, restored after a restart) could not be ended later
        if (information == null || timeouts.haveEnded(times, now)) {
            end(session, information);
            return;
        }
        SessionTimes updated = isHeartbeat(request) ? times : times.activeAt(now);
        if (timeouts.recheckDue(times, now)) {
            if (information.getPrincipal() instanceof SignedInUser user && !stillCurrent.test(user)) {
                end(session, information);
                return;
            }
            updated = updated.checkedAt(now);
        }
        session.setAttribute(SessionTimes.ATTRIBUTE, updated);
    }

    private static void end(HttpSession session, @Nullable SessionInformation information) {
        if (information != null) {
            information.expireNow();
        } else {
            session.invalidate();
            // the login may already have been read from the session for this request
            SecurityContextHolder.clearContext();
        }
    }

    /** Vaadin sends heartbeats as {@code POST …?v-r=heartbeat&v-uiId=…}; reading the query leaves the body alone. */
    static boolean isHeartbeat(HttpServletRequest request) {
        String query = request.getQueryString();
        if (query == null) {
            return false;
        }
        for (String parameter : query.split("&")) {
            if (parameter.equals(HEARTBEAT)) {
                return true;
            }
        }
        return false;
    }
}
