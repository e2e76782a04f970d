package dev.inferencemetrics.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The application as a separate process on its own port, so a test can kill it with SIGKILL mid-load and start it
 * again. Its output goes to a log file; it is always stopped by {@link #close}.
 */
public final class AppProcess implements AutoCloseable {

    /** How long a start may take: on a machine loaded by other builds, a cold start has taken over 2½ minutes. */
    private static final Duration STARTUP = Duration.ofMinutes(5);

    private final List<String> command;
    private final Path log;
    private final int port;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;

    private AppProcess(List<String> command, Path log, int port) {
        this.command = command;
        this.log = log;
        this.port = port;
        this.process = launch();
    }

    /** Starts the demo world (no simulated traffic) on the given database; {@code settings} are extra properties. */
    public static AppProcess start(String jdbcUrl, Path log, String... settings) {
        return start(
                jdbcUrl,
                TestDatabase.APPLICATION_ROLE.name(),
                TestDatabase.APPLICATION_ROLE.password(),
                "postgres",
                "postgres",
                log,
                settings);
    }

    /** As {@link #start(String, Path, String...)}, connecting as the given application role and schema owner. */
    public static AppProcess start(
            String jdbcUrl,
            String appRole,
            String appPassword,
            String owner,
            String ownerPassword,
            Path log,
            String... settings) {
        return launchAndAwait(
                log,
                settings,
                "spring.datasource.url=" + jdbcUrl,
                "spring.datasource.username=" + appRole,
                "spring.datasource.password=" + appPassword,
                "spring.flyway.user=" + owner,
                "spring.flyway.password=" + ownerPassword);
    }

    /**
     * Starts the demo world (no simulated traffic) on the default a user gets with nothing configured: its own
     * embedded PostgreSQL, keeping its data in {@code dataDirectory}.
     */
    public static AppProcess startEmbedded(Path dataDirectory, Path log, String... settings) {
        return launchAndAwait(log, settings, "inference-metrics.embedded-database.data-directory=" + dataDirectory);
    }

    private static AppProcess launchAndAwait(Path log, String[] settings, String... database) {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                applicationClassPath(),
                "dev.inferencemetrics.Application",
                "--server.port=" + port,
                "--inference-metrics.otlp.grpc.port=0",
                "--inference-metrics.demo.enabled=true",
                "--inference-metrics.demo.simulator.enabled=false"));
        command.addAll(Arrays.stream(database).map(setting -> "--" + setting).toList());
        command.addAll(Arrays.stream(settings).map(setting -> "--" + setting).toList());
        AppProcess app = new AppProcess(command, log, port);
        app.awaitReady();
        return app;
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://localhost:" + port;
    }

    /** {@code kill -9}: no shutdown hook, no graceful drain, transactions cut off wherever they are. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, as an orchestrator stops an instance; the application drains calls in flight, then exits. */
    public void terminate() {
        process.destroy();
    }

    /** Waits for the process to end and returns its exit code. */
    public int awaitExit(Duration bound) throws InterruptedException {
        if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the application did not exit within " + bound + "; see " + log);
        }
        return process.exitValue();
    }

    public void restart() {
        process = launch();
        awaitReady();
    }

    /** The HTTP status of the readiness probe, or 0 when the process does not answer. */
    public int readiness() {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health/readiness"))
                    .timeout(Duration.ofSeconds(10))
                    .build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** Waits until readiness answers {@code status}; fails after the start-up bound. */
    public void awaitReadiness(int status) {
        await().atMost(STARTUP).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
            if (!process.isAlive()) {
                throw new IllegalStateException("the application exited; see " + log);
            }
            assertThat(readiness()).as("readiness; see %s", log).isEqualTo(status);
        });
    }

    @Override
    public void close() throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            kill();
        }
    }

    private void awaitReady() {
        awaitReadiness(200);
    }

    private Process launch() {
        try {
            return new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The test run's class path without the test classes, whose test configurations must stay out of the app. */
    private static String applicationClassPath() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(path.split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes") && !entry.endsWith("test-classes/"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
