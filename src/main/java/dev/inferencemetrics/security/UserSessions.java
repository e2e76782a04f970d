package dev.inferencemetrics.security;

import org.springframework.security.core.session.SessionInformation;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Ends a user's sessions on this instance when they are disabled or their role changes: each session is marked
 * expired, and its next request is signed out.
 */
@Component
class UserSessions {

    private final SessionRegistry registry;

    UserSessions(SessionRegistry registry) {
        this.registry = registry;
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(UserDisabled disabled) {
        end(disabled.userId());
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(UserRoleChanged changed) {
        end(changed.userId());
    }

    /** Ends the user's sessions and returns how many there were. */
    int end(long userId) {
        int ended = 0;
        for (Object principal : registry.getAllPrincipals()) {
            if (principal instanceof SignedInUser user && user.userId() == userId) {
                for (SessionInformation session : registry.getAllSessions(principal, false)) {
                    session.expireNow();
                    ended++;
                }
            }
        }
        return ended;
    }
}
