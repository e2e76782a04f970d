package dev.inferencemetrics.database;

import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;

/** Migrations on an {@link EmbeddedPostgresServer} run as its superuser, who owns the schema. */
public record EmbeddedPostgresOwnerConnectionDetails(EmbeddedPostgresServer server) implements FlywayConnectionDetails {

    @Override
    public String getUsername() {
        return server.username();
    }

    @Override
    public String getPassword() {
        return server.password();
    }

    @Override
    public String getJdbcUrl() {
        return server.jdbcUrl();
    }
}
