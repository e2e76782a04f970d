package dev.inferencemetrics.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One browser's session with the web UI over real HTTP: it keeps the {@code JSESSIONID} cookie it was last given
 * and follows no redirects, so a test sees each answer and can hold on to an old session id.
 */
public final class BrowserSession {

    private static final Pattern SESSION_COOKIE = Pattern.compile("JSESSIONID=([^;]+)");

    private final String base;
    private final String origin;
    private final HttpClient http = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    private @Nullable String sessionId;

    public BrowserSession(int port) {
        this.base = "http://localhost:" + port;
        this.origin = base;
    }

    private BrowserSession(String base, String origin, @Nullable String sessionId) {
        this.base = base;
        this.origin = origin;
        this.sessionId = sessionId;
    }

    /**
     * The same session, its writes sent as by a page of another origin (a sibling port, another host): the
     * {@code Origin} a browser would name on them.
     */
    public BrowserSession writingFrom(String otherOrigin) {
        return new BrowserSession(base, otherOrigin, sessionId);
    }

    public @Nullable String sessionId() {
        return sessionId;
    }

    /** Opens the login page (which starts a session), then posts the login form with the page's CSRF token. */
    public HttpResponse<String> signIn(String username, String password) {
        return postForm(
                "/login", SignInForm.body(username, password, get("/login").body()));
    }

    /** Whether this session opens a page that needs a signed-in user. */
    public boolean isSignedIn() {
        int status = get("/deployments").statusCode();
        if (status != 200 && status != 302) {
            throw new AssertionError("unexpected answer " + status);
        }
        return status == 200;
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    public HttpResponse<String> postForm(String path, String form) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Origin", origin)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    /** A JSON body with this session's cookie, as a script of this server's pages would send it. */
    public HttpResponse<String> postJson(String path, byte[] body) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Origin", origin)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /** A JSON PUT with this session's cookie. */
    public HttpResponse<String> putJson(String path, byte[] body) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Origin", origin)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    public HttpResponse<String> delete(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Origin", origin)
                .DELETE());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        if (sessionId != null) {
            request.header("Cookie", "JSESSIONID=" + sessionId);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            response.headers().allValues("Set-Cookie").forEach(this::remember);
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void remember(String setCookie) {
        Matcher matcher = SESSION_COOKIE.matcher(setCookie);
        if (matcher.find()) {
            sessionId = matcher.group(1);
        }
    }

    /** A browser that presents the given session id, say one that was replaced at sign-in. */
    public static BrowserSession presenting(int port, String sessionId) {
        BrowserSession browser = new BrowserSession(port);
        browser.sessionId = sessionId;
        return browser;
    }
}
