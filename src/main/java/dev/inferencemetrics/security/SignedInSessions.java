package dev.inferencemetrics.security;

import java.time.Clock;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.web.session.ConcurrentSessionFilter;
import org.springframework.security.web.session.SessionInformationExpiredStrategy;
import org.springframework.stereotype.Component;

/**
 * The one set of rules for a signed-in session, applied to every filter chain that reads a login from a session (the
 * UI's and the API's): sessions are registered so that disabling a user or changing their role ends them, and each
 * request first checks the idle and absolute timeouts and, every recheck interval, the user's account. A session
 * ended by any of these is signed out and the request carries on as an anonymous one.
 */
@Component
public class SignedInSessions {

    private final SessionRegistry registry;
    private final SessionTimeouts timeouts;
    private final UserAccounts accounts;
    private final Clock clock;

    SignedInSessions(SessionRegistry registry, SessionProperties properties, UserAccounts accounts, Clock clock) {
        this.registry = registry;
        this.timeouts = new SessionTimeouts(properties);
        this.accounts = accounts;
        this.clock = clock;
    }

    /** Applies the session rules to the pages' chain, which signs people in and so also stamps their new sessions. */
    public HttpSecurity guardPages(HttpSecurity http) {
        http.sessionManagement(session -> session.addSessionAuthenticationStrategy(new SessionStart(timeouts, clock))
                        .sessionConcurrency(concurrency -> concurrency
                                .maximumSessions(-1)
                                .sessionRegistry(registry)
                                .expiredSessionStrategy(new ContinueSignedOut())))
                .addFilterBefore(
                        new SessionTimeoutFilter(timeouts, registry, accounts::isCurrent, clock),
                        ConcurrentSessionFilter.class);
        return http;
    }

    /**
     * Applies the session rules to a chain that only reads sessions (it signs nobody in, so it registers nothing and
     * never creates a session); a request on a session that has just ended is answered by {@code whenEnded}.
     */
    public HttpSecurity guardReads(HttpSecurity http, SessionInformationExpiredStrategy whenEnded) {
        return http.addFilterBefore(
                        new SessionTimeoutFilter(timeouts, registry, accounts::isCurrent, clock),
                        ConcurrentSessionFilter.class)
                .addFilterAt(new ConcurrentSessionFilter(registry, whenEnded), ConcurrentSessionFilter.class);
    }
}
