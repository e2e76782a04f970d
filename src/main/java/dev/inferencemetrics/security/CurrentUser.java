package dev.inferencemetrics.security;

import com.vaadin.flow.spring.security.AuthenticationContext;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Component;

/** The person signed in to the current Vaadin session. */
@Component
public class CurrentUser {

    private final AuthenticationContext authenticationContext;

    CurrentUser(AuthenticationContext authenticationContext) {
        this.authenticationContext = authenticationContext;
    }

    public SignedInUser require() {
        return authenticationContext
                .getAuthenticatedUser(SignedInUser.class)
                .orElseThrow(() -> new AccessDeniedException("not signed in"));
    }

    public void signOut() {
        authenticationContext.logout();
    }
}
