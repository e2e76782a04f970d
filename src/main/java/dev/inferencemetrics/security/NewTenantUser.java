package dev.inferencemetrics.security;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** What a tenant admin enters to add a member to the tenant. */
public record NewTenantUser(String username, String displayName, Role role, String password) {

    public static final int MIN_PASSWORD_LENGTH = UserAccounts.MIN_PASSWORD_LENGTH;

    /** bcrypt reads no more than 72 bytes of a password. */
    private static final int MAX_PASSWORD_BYTES = 72;

    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._@-]{1,100}");
    private static final int MAX_DISPLAY_NAME = 200;

    public NewTenantUser {
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
        if (!role.isTenantScoped()) {
            throw new UserAccountException("A tenant member is a tenant admin or a tenant viewer.");
        }
        if (password.length() < MIN_PASSWORD_LENGTH) {
            throw new UserAccountException("The password needs at least " + MIN_PASSWORD_LENGTH + " characters.");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            throw new UserAccountException("The password may be at most " + MAX_PASSWORD_BYTES + " bytes long.");
        }
    }

    @Override
    public String toString() {
        return "NewTenantUser[" + username + ", " + role + "]";
    }
}
