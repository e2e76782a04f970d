package dev.inferencemetrics.api;

import dev.inferencemetrics.base.ErrorId;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The container's error dispatch for an API call, answered here as a problem: without it the dispatch goes to
 * {@code /error}, which lies outside {@code /api/**}, so the pages' security sent a key-only caller to the login page
 * (a method the route does not take, a parameter the container cannot decode, a failure in a filter).
 */
final class ApiErrorDispatch extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorDispatch.class);

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !isApiCall(request);
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (response.isCommitted()) {
            return;
        }
        HttpStatus status = status(request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE));
        Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (status.is5xxServerError()) {
            Throwable cause =
                    failure instanceof Throwable thrown ? thrown : new IllegalStateException(status.toString());
            String id = ErrorId.logged(
                    log, "API call " + request.getMethod() + " " + originalPath(request) + " failed", cause);
            ProblemWriter.write(response, status, ErrorId.sentence(id), id);
            return;
        }
        ProblemWriter.write(response, status, reason(status, request.getMethod()));
    }

    private static boolean isApiCall(HttpServletRequest request) {
        if (request.getDispatcherType() != DispatcherType.ERROR) {
            return false;
        }
        String path = originalPath(request);
        return path.startsWith("/api/") || path.equals("/v1/traces");
    }

    private static String originalPath(HttpServletRequest request) {
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = uri == null ? "" : uri.toString();
        return path.substring(Math.min(request.getContextPath().length(), path.length()));
    }

    private static HttpStatus status(@Nullable Object code) {
        HttpStatus status = code instanceof Integer value ? HttpStatus.resolve(value) : null;
        return status == null ? HttpStatus.INTERNAL_SERVER_ERROR : status;
    }

    private static String reason(HttpStatus status, String method) {
        return switch (status) {
            case BAD_REQUEST ->
                "The request cannot be read: a parameter or header is malformed, for example a % that is not"
                        + " followed by two hex digits (write a % as %25).";
            case NOT_FOUND -> "There is no API call at this address.";
            case METHOD_NOT_ALLOWED ->
                "This address does not take " + method + "; the Allow header says what it takes.";
            case UNSUPPORTED_MEDIA_TYPE -> "This call does not take a body of this Content-Type.";
            case NOT_ACCEPTABLE -> "This call cannot answer in the media type the Accept header asks for.";
            default -> status.getReasonPhrase() + ".";
        };
    }
}
