package dev.inferencemetrics.security;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.InternalAuthenticationServiceException;

/**
 * What the login page says about a throttled sign-in, or one that failed because the database could not be reached;
 * wrong usernames and passwords keep the form's generic message.
 */
public final class SignInRefusal {

    private SignInRefusal() {}

    /** {@code lastFailure}: the exception Spring Security keeps in the session after a failed sign-in. */
    public static Optional<String> messageFor(@Nullable Object lastFailure) {
        if (lastFailure instanceof SignInThrottledException throttled) {
            return Optional.of("Too many failed sign-ins — try again in " + minutes(throttled.retryAfter()) + ".");
        }
        if (lastFailure instanceof InternalAuthenticationServiceException) {
            return Optional.of(
                    "Sign-in is not available right now: the database cannot be reached. Try again in a" + " minute.");
        }
        return Optional.empty();
    }

    static String minutes(Duration wait) {
        long minutes = Math.max(1, (wait.toSeconds() + 59) / 60);
        return minutes == 1 ? "1 minute" : minutes + " minutes";
    }
}
