package dev.inferencemetrics.database;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL server a crashed application left behind. The embedded server runs detached from the JVM, so after
 * {@code kill -9} or the OOM killer it keeps running, holding the data directory's {@code postmaster.pid}, and the
 * next start would fail with "lock file already exists". Before starting, such a server is stopped the way {@code
 * pg_ctl stop -m fast} does (SIGINT: no new connections, open transactions rolled back, a checkpoint, exit); every
 * commit it acknowledged is already on disk.
 *
 * <p>A server is only stopped when it is provably an orphan of this data directory: the embedded library's lock file
 * ({@code epg-lock}) is free, so no living application owns it, and the process named in {@code postmaster.pid} is a
 * {@code postgres} started with {@code -D} on this very directory. A lock file whose process number now belongs to
 * another program (the number was reused) is removed, as PostgreSQL itself would remove it had the number stayed free.
 */
final class LeftoverPostmaster {

    private static final Logger log = LoggerFactory.getLogger(LeftoverPostmaster.class);
    static final String PID_FILE = "postmaster.pid";
    /** The lock io.zonky's EmbeddedPostgres holds on the data directory for as long as its JVM runs. */
    static final String OWNER_LOCK_FILE = "epg-lock";

    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(60);

    private final Path dataDirectory;

    private LeftoverPostmaster(Path dataDirectory) {
        this.dataDirectory = dataDirectory;
    }

    /** Stops the server a crashed run left on {@code dataDirectory}, if any; fails if a living run still owns it. */
    static void stopIfOrphaned(Path dataDirectory) {
        new LeftoverPostmaster(dataDirectory.toAbsolutePath().normalize()).stopIfOrphaned();
    }

    private void stopIfOrphaned() {
        Path pidFile = dataDirectory.resolve(PID_FILE);
        if (!Files.exists(pidFile)) {
            return;
        }
        try (FileOutputStream lockStream = new FileOutputStream(
                        dataDirectory.resolve(OWNER_LOCK_FILE).toFile());
                FileLock ownerLock = tryLock(lockStream)) {
            if (ownerLock == null) {
                throw new IllegalStateException("Another running Inference Metrics uses the embedded database in "
                        + dataDirectory + "; stop it first or choose another inference-metrics.embedded-database"
                        + ".data-directory");
            }
            Optional<ProcessHandle> postmaster = postmasterOf(pidFile);
            if (postmaster.isPresent()) {
                stop(postmaster.get());
            } else if (Files.deleteIfExists(pidFile)) {
                log.warn(
                        "Removed a stale {} from {}: its process is gone or is no PostgreSQL", PID_FILE, dataDirectory);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not inspect the embedded database in " + dataDirectory, e);
        }
    }

    /** The owner lock, or null when a living server owner holds it (in another process or in this one). */
    private static @Nullable FileLock tryLock(FileOutputStream lockStream) throws IOException {
        try {
            return lockStream.getChannel().tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /** The living {@code postgres} process the pid file names, if it was started on this data directory. */
    private Optional<ProcessHandle> postmasterOf(Path pidFile) throws IOException {
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.US_ASCII);
        if (lines.isEmpty() || lines.getFirst().isBlank()) {
            return Optional.empty();
        }
        long pid;
        try {
            pid = Long.parseLong(lines.getFirst().strip());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(this::isPostgresOfThisDirectory);
    }

    private boolean isPostgresOfThisDirectory(ProcessHandle process) {
        ProcessHandle.Info info = process.info();
        boolean postgres = info.command()
                .map(command -> Path.of(command).getFileName().toString().equals("postgres"))
                .orElse(false);
        String[] arguments = info.arguments().orElse(new String[0]);
        for (int i = 0; postgres && i < arguments.length - 1; i++) {
            if (arguments[i].equals("-D") && sameDirectory(arguments[i + 1])) {
                return true;
            }
        }
        return false;
    }

    private boolean sameDirectory(String argument) {
        try {
            return Files.isSameFile(Path.of(argument), dataDirectory);
        } catch (IOException e) {
            return false;
        }
    }

    private void stop(ProcessHandle postmaster) throws IOException {
        log.warn(
                "A PostgreSQL server (pid {}) left behind by an earlier run that did not shut down still holds {};"
                        + " stopping it (fast shutdown) before starting",
                postmaster.pid(),
                dataDirectory);
        // SIGINT is PostgreSQL's fast shutdown; Java can only send SIGTERM (smart, waits for clients) or SIGKILL
        Process signal = new ProcessBuilder("kill", "-INT", Long.toString(postmaster.pid()))
                .redirectErrorStream(true)
                .start();
        try {
            signal.waitFor(10, TimeUnit.SECONDS);
            postmaster.onExit().get(SHUTDOWN_WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while stopping PostgreSQL (pid " + postmaster.pid() + ")", e);
        } catch (TimeoutException | ExecutionException e) {
            throw new IllegalStateException(
                    "PostgreSQL (pid " + postmaster.pid() + ") on " + dataDirectory + " did not stop within "
                            + SHUTDOWN_WAIT + "; stop it by hand and start again",
                    e);
        }
        log.info("Stopped the leftover PostgreSQL server (pid {})", postmaster.pid());
    }
}
