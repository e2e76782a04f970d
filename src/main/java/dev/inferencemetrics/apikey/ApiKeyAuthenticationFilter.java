package dev.inferencemetrics.apikey;

import dev.inferencemetrics.api.DatabaseUnavailable;
import dev.inferencemetrics.api.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates {@code Authorization: Bearer <key>}. A request that presents a key gets an answer about that key:
 * a bad, revoked or expired key is a 401 even if a session cookie came along. Without the header the request goes
 * on unauthenticated, so a signed-in operator's session can still be used for reads.
 */
final class ApiKeyAuthenticationFilter extends OncePerRequestFilter {

    private static final String BEARER = "Bearer ";

    private final ApiKeyService keys;

    ApiKeyAuthenticationFilter(ApiKeyService keys) {
        this.keys = keys;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            chain.doFilter(request, response);
            return;
        }
        Optional<ApiClient> client;
        try {
            client = header.regionMatches(true, 0, BEARER, 0, BEARER.length())
                    ? keys.authenticate(header.substring(BEARER.length()).trim())
                    : Optional.empty();
        } catch (DataAccessResourceFailureException
                | TransientDataAccessException
                | CannotCreateTransactionException e) {
            // the key could not be checked, so the call was not handled: the client should resend, not give up
            DatabaseUnavailable.write(response);
            return;
        }
        if (client.isEmpty()) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
            ProblemWriter.write(
                    response, HttpStatus.UNAUTHORIZED, "The API key is missing, malformed, revoked or expired.");
            return;
        }
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(new ApiKeyAuthentication(client.get()));
        SecurityContextHolder.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }
}
