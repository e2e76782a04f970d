package dev.inferencemetrics.security;

import java.nio.charset.StandardCharsets;

/** What a password must be, wherever one is chosen. */
public final class PasswordRules {

    public static final int MIN_LENGTH = 12;

    /** bcrypt reads no more than 72 bytes of a password. */
    static final int MAX_BYTES = 72;

    private PasswordRules() {}

    /** Refuses, with a message for the person choosing it, a password that is too short or too long. */
    public static void check(String password) {
        if (password.length() < MIN_LENGTH) {
            throw new UserAccountException("The password needs at least " + MIN_LENGTH + " characters.");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            throw new UserAccountException("The password may be at most " + MAX_BYTES + " bytes long.");
        }
    }
}
