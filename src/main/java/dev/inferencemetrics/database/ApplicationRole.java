package dev.inferencemetrics.database;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The unprivileged role the application connects as: it owns no table, is not a superuser and cannot bypass
 * row-level security. Migrations run as the owner instead. On databases this application administers itself (the
 * embedded one, test databases) the role is created here; on a production database an administrator creates it.
 */
public record ApplicationRole(String name, String password) {

    public static final String DEFAULT_NAME = "inference_metrics_app";
    private static final String NAME_PATTERN = "[a-z_][a-z0-9_]{0,62}";
    private static final String PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    public ApplicationRole {
        if (!name.matches(NAME_PATTERN) || !password.matches("[A-Za-z0-9]{16,}")) {
            throw new IllegalArgumentException("role names are lower-case identifiers, passwords 16+ letters/digits");
        }
    }

    public static ApplicationRole withRandomPassword(String name) {
        SecureRandom random = new SecureRandom();
        StringBuilder password = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            password.append(PASSWORD_ALPHABET.charAt(random.nextInt(PASSWORD_ALPHABET.length())));
        }
        return new ApplicationRole(name, password.toString());
    }

    /** Creates the role if it is missing and (re)sets its password and attributes; {@code owner} may create roles. */
    public void ensureExists(Connection owner) throws SQLException {
        try (Statement statement = owner.createStatement()) {
            // name and password are checked above to be plain identifiers and letters, so they need no quoting
            statement.execute("""
                    do $$ begin
                        create role %1$s;
                    exception when duplicate_object then null;
                    end $$""".formatted(name));
            statement.execute("alter role %s with login nosuperuser nobypassrls nocreatedb nocreaterole password '%s'"
                    .formatted(name, password));
        }
    }
}
