package dev.inferencemetrics.security;

import java.io.Serial;
import java.time.Duration;
import org.springframework.security.authentication.AccountStatusException;

/** A sign-in refused without checking the password, because of too many recent failures. */
public class SignInThrottledException extends AccountStatusException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final Duration retryAfter;

    SignInThrottledException(Duration retryAfter) {
        super("too many failed sign-ins");
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
