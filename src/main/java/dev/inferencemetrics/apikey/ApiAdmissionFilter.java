package dev.inferencemetrics.apikey;

import dev.inferencemetrics.api.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 429 with {@code Retry-After} when a key is over its rate or its tenant has too many ingest calls in
 * flight. Runs after the key is authenticated and before the body is read, so a refused call costs almost nothing.
 */
final class ApiAdmissionFilter extends OncePerRequestFilter {

    // the matcher the authorisation rules use: it reads the decoded path the dispatcher routes, so
    // "/api/v1/%69ngest/…" counts as the ingest call it becomes
    private static final RequestMatcher INGEST =
            PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, "/api/v1/ingest/**");

    private final ApiAdmission admission;

    ApiAdmissionFilter(ApiAdmission admission) {
        this.admission = admission;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication == null || !(authentication.getPrincipal() instanceof ApiClient client)) {
            chain.doFilter(request, response);
            return;
        }
        Optional<Duration> wait = admission.admitCall(client);
        if (wait.isPresent()) {
            tooMany(response, wait.get(), "This API key is over its request rate; nothing was stored. Retry later.");
            return;
        }
        if (!isIngest(request)) {
            chain.doFilter(request, response);
            return;
        }
        if (!admission.admitIngest(client)) {
            tooMany(
                    response,
                    Duration.ofSeconds(1),
                    "Too many ingest calls of this tenant are in flight; nothing was stored. Retry later.");
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            admission.ingestDone(client);
        }
    }

    private static boolean isIngest(HttpServletRequest request) {
        return INGEST.matches(request);
    }

    private static void tooMany(HttpServletResponse response, Duration wait, String detail) throws IOException {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1_000);
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        ProblemWriter.write(response, HttpStatus.TOO_MANY_REQUESTS, detail);
    }
}
