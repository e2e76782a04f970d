package dev.inferencemetrics.api;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import org.springframework.http.HttpStatus;

/** Reads a duration query parameter written as ISO-8601 ({@code PT5M}) or as whole seconds ({@code 300}). */
public final class DurationParameter {

    private DurationParameter() {}

    /** @throws ApiProblem 400 naming the parameter if the value is neither */
    public static Duration parse(String name, String value) {
        try {
            return value.chars().allMatch(Character::isDigit)
                    ? Duration.ofSeconds(Long.parseLong(value))
                    : Duration.parse(value);
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new ApiProblem(
                    HttpStatus.BAD_REQUEST, name + " must be an ISO-8601 duration (PT5M) or a number of seconds (300)");
        }
    }
}
