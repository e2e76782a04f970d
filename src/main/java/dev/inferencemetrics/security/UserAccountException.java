package dev.inferencemetrics.security;

import java.io.Serial;

/** A change to a user that was refused; the message says why, in words fit for the person who asked. */
public class UserAccountException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    UserAccountException(String message) {
        super(message);
    }
}
