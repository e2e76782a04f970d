package dev.inferencemetrics.security;

import java.util.regex.Pattern;

/** What an admin enters to add a user: a tenant member (admin or viewer) or an operator. */
public record NewUser(String username, String displayName, Role role, String password) {

    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._@-]{1,100}");
    private static final int MAX_DISPLAY_NAME = 200;

    public NewUser {
        username = username.strip();
        displayName = displayName.strip();
    }

    void check() {
        if (username.isEmpty()) {
            throw new UserAccountException("Enter a username.");
        }
        if (!USERNAME.matcher(username).matches()) {
            throw new UserAccountException(
                    "A username has at most 100 letters, digits, dots, dashes, underscores or @ signs.");
        }
        if (displayName.isEmpty()) {
            throw new UserAccountException("Enter a display name.");
        }
        if (displayName.length() > MAX_DISPLAY_NAME) {
            throw new UserAccountException("A display name has at most " + MAX_DISPLAY_NAME + " characters.");
        }
        PasswordRules.check(password);
    }

    @Override
    public String toString() {
        return "NewUser[" + username + ", " + role + "]";
    }
}
