package dev.inferencemetrics.apikey;

import dev.inferencemetrics.api.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 429 with {@code Retry-After} when a key or signed-in user is over its rate, or its tenant over its read
 * rate or its reads or writes in flight. Every call that may change something (any method but GET, HEAD and OPTIONS:
 * ingest, annotations, alert and scrape settings, provisioning) counts as a write, so no kind of write can take more
 * of the connection pool than the tenant's share. Runs after the caller is known and before the body is read, so a
 * refused call costs almost nothing.
 */
final class ApiAdmissionFilter extends OncePerRequestFilter {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final RequestMatcher WRITE = request -> !SAFE_METHODS.contains(request.getMethod());
    // the matcher the authorisation rules use: it reads the decoded path the dispatcher routes
    private static final RequestMatcher READ =
            PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.GET, "/api/**");

    private final ApiAdmission admission;

    ApiAdmissionFilter(ApiAdmission admission) {
        this.admission = admission;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        CallShare share = authentication == null ? null : CallShare.of(authentication.getPrincipal());
        if (share == null) {
            chain.doFilter(request, response);
            return;
        }
        Optional<Duration> wait = admission.admitCall(share);
        if (wait.isPresent()) {
            tooMany(response, wait.get(), ApiAdmission.OVER_RATE);
        } else if (WRITE.matches(request)) {
            write(request, response, chain, share);
        } else if (READ.matches(request)) {
            read(request, response, chain, share);
        } else {
            chain.doFilter(request, response);
        }
    }

    private void write(HttpServletRequest request, HttpServletResponse response, FilterChain chain, CallShare share)
            throws ServletException, IOException {
        if (!admission.admitWrite(share)) {
            tooMany(response, ApiAdmission.RETRY_IN_FLIGHT, ApiAdmission.WRITES_IN_FLIGHT);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            admission.writeDone(share);
        }
    }

    private void read(HttpServletRequest request, HttpServletResponse response, FilterChain chain, CallShare share)
            throws ServletException, IOException {
        Optional<Duration> wait = admission.admitReadRate(share);
        if (wait.isPresent()) {
            tooMany(response, wait.get(), "This tenant is over its read rate. Retry later.");
            return;
        }
        if (!admission.admitRead(share)) {
            tooMany(
                    response,
                    ApiAdmission.RETRY_IN_FLIGHT,
                    "Too many reads of this tenant are in flight. Retry later.");
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            admission.readDone(share);
        }
    }

    private static void tooMany(HttpServletResponse response, Duration wait, String detail) throws IOException {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1_000);
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        ProblemWriter.write(response, HttpStatus.TOO_MANY_REQUESTS, detail);
    }
}
