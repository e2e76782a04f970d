package dev.inferencemetrics.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * An embedded PostgreSQL a fault test may stop the hard way (immediate shutdown, as a crash or a failover looks
 * to clients) and start again on the same port and data.
 */
public final class RestartablePostgres implements AutoCloseable {

    private final Path dataDirectory;
    private EmbeddedPostgres postgres;
    private final int port;

    private RestartablePostgres(Path dataDirectory) {
        this.dataDirectory = dataDirectory;
        this.postgres = start(dataDirectory, 0);
        this.port = postgres.getPort();
        try (Connection owner = postgres.getPostgresDatabase().getConnection()) {
            TestDatabase.APPLICATION_ROLE.ensureExists(owner);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not create the application role", e);
        }
    }

    public static RestartablePostgres start(Path dataDirectory) {
        return new RestartablePostgres(dataDirectory);
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port + "/postgres";
    }

    /**
     * Stops the server at once, as {@code pg_ctl stop -m immediate} does: SIGQUIT to the postmaster, no checkpoint,
     * clients cut off mid-transaction. (pg_ctl itself refuses to run as root, which CI containers often are.)
     */
    public void stopImmediately() {
        long postmaster = postmasterPid();
        run("kill", "-QUIT", Long.toString(postmaster));
        ProcessHandle.of(postmaster)
                .ifPresent(process ->
                        process.onExit().orTimeout(60, TimeUnit.SECONDS).join());
        close();
    }

    /** Starts the server again on its port; PostgreSQL recovers from its write-ahead log. */
    public void restart() {
        postgres = start(dataDirectory, port);
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static EmbeddedPostgres start(Path dataDirectory, int port) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("fsync", "on")
                    .setServerConfig("full_page_writes", "on");
            if (port > 0) {
                builder.setPort(port);
            }
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long postmasterPid() {
        try (Stream<String> lines = Files.lines(dataDirectory.resolve("postmaster.pid"))) {
            return Long.parseLong(lines.findFirst().orElseThrow().trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(String... command) {
        try {
            Process process = new ProcessBuilder(command).inheritIO().start();
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
