package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.AppProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default a user gets with nothing configured — the embedded PostgreSQL in a data directory — survives the
 * application being killed with SIGKILL mid-ingest: the server it leaves behind still holds the directory, the next
 * start stops it and comes up, and every acknowledged sample is stored exactly once.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class EmbeddedDefaultCrashRestartIT {

    private static final String DEMO_KEY = "imk_demoAcme0000000000000000000000004XxUS0";
    private static final String DEPLOYMENT = "sandbox";
    private static final int BATCHES = 40;
    private static final int SAMPLES_PER_BATCH = 20;

    @TempDir
    Path work;

    @Test
    void after_a_sigkill_the_next_start_stops_the_leftover_server_and_keeps_every_acknowledged_sample()
            throws Exception {
        Path data = work.resolve("data");
        Path appLog = Path.of("target", "embedded-crash-restart-app.log");
        Files.deleteIfExists(appLog);
        NumberedBatches batches = new NumberedBatches(
                DEPLOYMENT, BATCHES, SAMPLES_PER_BATCH, Instant.now().minus(20, ChronoUnit.MINUTES));
        try (AppProcess app = AppProcess.startEmbedded(
                data,
                appLog,
                "inference-metrics.limits.requests-per-second-per-key=100000",
                "inference-metrics.limits.burst-per-key=100000")) {
            Gateway gateway = new Gateway(app.baseUrl(), DEMO_KEY, batches);
            CompletableFuture<Void> sending = gateway.sendUntilAcknowledged(
                    IntStream.range(0, BATCHES).boxed().toList(), 2);
            gateway.awaitAcknowledged(BATCHES / 2);

            long serverBeforeCrash = postmasterPid(data);
            app.kill();
            try {
                assertThat(ProcessHandle.of(serverBeforeCrash).map(ProcessHandle::isAlive))
                        .as("the killed application's PostgreSQL is left running, holding the data directory")
                        .contains(true);
                app.restart();
            } finally {
                stopIfAlive(serverBeforeCrash);
            }

            sending.get(4, TimeUnit.MINUTES);
            assertThat(gateway.acknowledged()).isEqualTo(BATCHES);
            assertThat(postmasterPid(data)).isNotEqualTo(serverBeforeCrash);
            assertThat(storedRequestIds(data)).containsExactlyInAnyOrderElementsOf(allRequestIds(batches));
        }
    }

    private static long postmasterPid(Path data) throws IOException {
        return Long.parseLong(postmasterPidFile(data).getFirst().strip());
    }

    /** postmaster.pid: pid, data directory, start time, port, … */
    private static List<String> postmasterPidFile(Path data) throws IOException {
        return Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.US_ASCII);
    }

    /** Reads the samples as the schema owner, straight from the embedded server the restarted application runs. */
    private static List<String> storedRequestIds(Path data) throws IOException, SQLException {
        String url =
                "jdbc:postgresql://localhost:" + postmasterPidFile(data).get(3).strip() + "/postgres";
        String password = Files.readString(data.resolve("superuser-password"), StandardCharsets.US_ASCII)
                .strip();
        List<String> ids = new ArrayList<>();
        try (Connection db = DriverManager.getConnection(url, "postgres", password);
                ResultSet rows = db.createStatement()
                        .executeQuery("select s.request_id from request_sample s join deployment d"
                                + " on d.id = s.deployment_id where d.slug = '" + DEPLOYMENT + "'")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    private static Set<String> allRequestIds(NumberedBatches batches) {
        Set<String> ids = new HashSet<>();
        for (int batch = 0; batch < BATCHES; batch++) {
            ids.addAll(batches.requestIds(batch));
        }
        return ids;
    }

    /** Leaves no server running should the restart fail; a no-op once the restarted application stopped it. */
    private static void stopIfAlive(long pid) throws IOException, InterruptedException {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            new ProcessBuilder("kill", "-INT", Long.toString(pid)).start().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
