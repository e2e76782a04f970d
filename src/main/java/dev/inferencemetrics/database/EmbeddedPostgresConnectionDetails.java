package dev.inferencemetrics.database;

import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;

/** Connection details pointing at an {@link EmbeddedPostgresServer}. */
public record EmbeddedPostgresConnectionDetails(EmbeddedPostgresServer server) implements JdbcConnectionDetails {

    @Override
    public String getUsername() {
        return server.username();
    }

    @Override
    public String getPassword() {
        return "";
    }

    @Override
    public String getJdbcUrl() {
        return server.jdbcUrl();
    }
}
