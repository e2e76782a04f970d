package dev.inferencemetrics.security;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.Objects;
import org.springframework.security.web.session.SessionInformationExpiredEvent;
import org.springframework.security.web.session.SessionInformationExpiredStrategy;

/**
 * After an expired session is signed out, the request carries on as an anonymous one: a page is sent to the login
 * view, and a Vaadin request finds no session, so the browser reloads into the login view too.
 */
final class ContinueSignedOut implements SessionInformationExpiredStrategy {

    @Override
    public void onExpiredSessionDetected(SessionInformationExpiredEvent event) throws IOException, ServletException {
        Objects.requireNonNull(event.getFilterChain(), "the session filter passes its chain")
                .doFilter(event.getRequest(), event.getResponse());
    }
}
