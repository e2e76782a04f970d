package dev.inferencemetrics.testing;

import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import org.apache.catalina.Context;
import org.apache.catalina.Manager;
import org.apache.catalina.Session;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;

/** The test server's HTTP sessions, as the server holds them, for tests that need to look into one. */
public final class ServerSessions {

    private static final String CSRF_TOKEN_ATTRIBUTE = HttpSessionCsrfTokenRepository.class.getName() + ".CSRF_TOKEN";

    private final Manager manager;

    public ServerSessions(ApplicationContext context) {
        TomcatWebServer server = (TomcatWebServer) ((WebServerApplicationContext) context).getWebServer();
        this.manager = ((Context) server.getTomcat().getHost().findChildren()[0]).getManager();
    }

    public HttpSession require(String sessionId) {
        try {
            Session session = manager.findSession(sessionId);
            if (session == null) {
                throw new AssertionError("no session " + sessionId);
            }
            return session.getSession();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean exists(String sessionId) {
        try {
            return manager.findSession(sessionId) != null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Gives the session a CSRF token and returns it as a form would send it (masked, as Spring Security's default
     * request handler expects), so a test can post what a page of the application would.
     */
    public String csrfFormValue(String sessionId) {
        CsrfToken token = new HttpSessionCsrfTokenRepository().generateToken(null);
        require(sessionId).setAttribute(CSRF_TOKEN_ATTRIBUTE, token);
        byte[] raw = token.getToken().getBytes(StandardCharsets.UTF_8);
        byte[] masked = new byte[raw.length * 2];
        byte[] random = new byte[raw.length];
        new SecureRandom().nextBytes(random);
        for (int i = 0; i < raw.length; i++) {
            masked[i] = random[i];
            masked[raw.length + i] = (byte) (random[i] ^ raw[i]);
        }
        return Base64.getUrlEncoder().encodeToString(masked);
    }
}
