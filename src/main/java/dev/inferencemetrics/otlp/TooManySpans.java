package dev.inferencemetrics.otlp;

import dev.inferencemetrics.api.ApiProblem;
import org.springframework.http.HttpStatus;

/** An export with more spans than one call may carry (the JSON API's sample limit); nothing of it is stored. */
final class TooManySpans extends ApiProblem {

    TooManySpans(int limit) {
        super(
                HttpStatus.CONTENT_TOO_LARGE,
                "The export holds more than " + limit + " spans; send at most " + limit + " per call.");
    }
}
