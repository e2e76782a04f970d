package dev.inferencemetrics.api;

import java.sql.SQLException;
import java.util.Optional;

/**
 * A value from a request that PostgreSQL refused to store or compare (SQLSTATE classes 22, data exceptions, and 23,
 * integrity constraints): the caller's input was at fault, so the answer is a 400 with a reason in plain words.
 */
final class RefusedValue {

    private RefusedValue() {}

    /** The plain reason, if some cause of {@code failure} is a refusal of a value. */
    static Optional<String> reason(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                Optional<String> reason = reasonFor(sql.getSQLState());
                if (reason.isPresent()) {
                    return reason;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> reasonFor(String state) {
        return Optional.ofNullable(
                switch (state) {
                    case "22021", "22P05" -> "Text must not contain NUL characters.";
                    case "22001" -> "A text is longer than allowed.";
                    case "22003", "22008", "22015" -> "A number, date or time is out of range.";
                    case "23505" -> "That already exists.";
                    case "23502" -> "A required value is missing.";
                    case "23503" -> "It refers to something that does not exist.";
                    default ->
                        state.startsWith("22") || state.startsWith("23")
                                ? "A value in the request is not allowed."
                                : null;
                });
    }
}
