package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;
import org.springframework.security.core.session.SessionInformation;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Ends a user's sessions on this instance when they are disabled, their role changes or an admin sets their
 * password (and all but the current one when they change their own password): each session is marked expired, and
 * its next request is signed out.
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

    @TransactionalEventListener(fallbackExecution = true)
    void on(UserPasswordSet passwordSet) {
        end(passwordSet.userId());
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(PasswordChanged changed) {
        endAllBut(changed.userId(), changed.keptSessionId());
        SessionInformation kept = registry.getSessionInformation(changed.keptSessionId());
        if (kept != null && kept.getPrincipal() instanceof SignedInUser user) {
            // so that the periodic recheck finds the kept session signed in with the new password
            registry.registerNewSession(kept.getSessionId(), user.withCredentialStamp(changed.credentialStamp()));
        }
    }

    /** Ends the user's sessions and returns how many there were. */
    int end(long userId) {
        return endAllBut(userId, null);
    }

    private int endAllBut(long userId, @Nullable String keptSessionId) {
        int ended = 0;
        for (Object principal : registry.getAllPrincipals()) {
            if (principal instanceof SignedInUser user && user.userId() == userId) {
                for (SessionInformation session : registry.getAllSessions(principal, false)) {
                    if (!session.getSessionId().equals(keptSessionId)) {
                        session.expireNow();
                        ended++;
                    }
                }
            }
        }
        return ended;
    }
}
