package dev.inferencemetrics.database;

import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;

/** The application's connection to an {@link EmbeddedPostgresServer}: as the unprivileged application role. */
public record EmbeddedPostgresConnectionDetails(EmbeddedPostgresServer server, ApplicationRole role)
        implements JdbcConnectionDetails {

    @Override
    public String getUsername() {
        return role.name();
    }

    @Override
    public String getPassword() {
        return role.password();
    }

    @Override
    public String getJdbcUrl() {
        return server.jdbcUrl();
    }
}
