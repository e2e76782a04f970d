package dev.inferencemetrics.api;

import org.springframework.http.HttpStatus;

/** A request the API answers with a client error; the message is the detail given back. */
public class ApiProblem extends RuntimeException {

    private final HttpStatus status;

    public ApiProblem(HttpStatus status, String detail) {
        super(detail);
        this.status = status;
    }

    public HttpStatus status() {
        return status;
    }
}
