package dev.inferencemetrics.api;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.springframework.http.HttpStatus;

/**
 * Reads an instant query parameter written as ISO-8601 ({@code 2026-11-22T10:00:00Z}), within the years any window
 * or import can be computed on: an instant near the end of Java's time would overflow once a step is added to it.
 */
public final class InstantParameter {

    public static final Instant EARLIEST = Instant.EPOCH;
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    private InstantParameter() {}

    /** @throws ApiProblem 400 naming the parameter if the value is no instant or lies outside the years it may */
    public static Instant parse(String name, String value) {
        Instant instant;
        try {
            instant = Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new ApiProblem(
                    HttpStatus.BAD_REQUEST, name + " must be an ISO-8601 instant, e.g. 2026-11-22T10:00:00Z");
        }
        if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, name + " must lie between " + EARLIEST + " and " + LATEST);
        }
        return instant;
    }
}
