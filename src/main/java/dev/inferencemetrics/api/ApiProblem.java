package dev.inferencemetrics.api;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A request the API answers with a client error; the message is the detail given back (without one, the status's
 * reason phrase). Features throw it, or an
 * exception of their own that extends it with its status, so the API's handler answers them all without knowing any
 * feature.
 */
public class ApiProblem extends ErrorResponseException {

    public ApiProblem(HttpStatus status, @Nullable String detail) {
        super(status, ProblemDetail.forStatusAndDetail(status, detail), null);
    }

    public HttpStatus status() {
        return HttpStatus.valueOf(getStatusCode().value());
    }

    /** The detail alone, as pages show it; Spring's own message adds the status and the whole problem. */
    @Override
    public String getMessage() {
        String detail = getBody().getDetail();
        return detail == null ? status().getReasonPhrase() : detail;
    }
}
