package dev.inferencemetrics.security;

import dev.inferencemetrics.api.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses an API call that would change something on the strength of a session cookie unless it comes from this
 * server's own pages: its {@code Origin} (or, without one, its {@code Referer}) must name this server. SameSite=Lax
 * keeps other sites' requests from carrying the cookie, but not a sibling port or subdomain's; browsers name the
 * origin of every such write. Calls with an API key carry no cookie's authority and pass as they are.
 */
public final class SameOriginSessionWrites extends OncePerRequestFilter {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (SAFE_METHODS.contains(request.getMethod()) || !bySession() || fromThisServer(request)) {
            chain.doFilter(request, response);
            return;
        }
        ProblemWriter.write(
                response,
                HttpStatus.FORBIDDEN,
                "A signed-in session changes things here only from this server's own pages (Origin names another"
                        + " site, or none); scripts and other sites use an API key.");
    }

    private static boolean bySession() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof SignedInUser;
    }

    /** Whether the origin the browser names is the scheme, host and port this request was made to. */
    static boolean fromThisServer(HttpServletRequest request) {
        @Nullable URI origin = origin(request);
        if (origin == null || origin.getScheme() == null || origin.getHost() == null) {
            return false;
        }
        String scheme = origin.getScheme().toLowerCase(Locale.ROOT);
        int port = origin.getPort() != -1 ? origin.getPort() : "https".equals(scheme) ? 443 : 80;
        return scheme.equals(request.getScheme().toLowerCase(Locale.ROOT))
                && origin.getHost().equalsIgnoreCase(request.getServerName())
                && port == request.getServerPort();
    }

    private static @Nullable URI origin(HttpServletRequest request) {
        String named = request.getHeader(HttpHeaders.ORIGIN);
        if (named == null) {
            named = request.getHeader(HttpHeaders.REFERER);
        }
        if (named == null || named.isBlank() || named.equals("null")) {
            return null;
        }
        try {
            return URI.create(named.strip());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
