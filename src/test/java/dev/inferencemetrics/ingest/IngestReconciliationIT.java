package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.AppProcess;
import dev.inferencemetrics.testing.RestartablePostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The promise of the ingest API under faults: a gateway sends numbered batches concurrently and resends whatever
 * was not answered 2xx; meanwhile the application is killed with SIGKILL and restarted, and PostgreSQL is stopped in
 * immediate mode and started again. Afterwards every batch is acknowledged, every sample is stored exactly once (raw
 * rows and rollup counts), nothing never sent is stored, and sending everything again three times, concurrently,
 * changes nothing.
 */
@Timeout(value = 12, unit = TimeUnit.MINUTES)
class IngestReconciliationIT {

    private static final Logger log = LoggerFactory.getLogger(IngestReconciliationIT.class);

    private static final String DEMO_KEY = "imk_demoAcme0000000000000000000000004XxUS0";
    private static final String DEPLOYMENT = "sandbox";
    private static final int SENT_BATCHES = 120;
    private static final int NEVER_SENT_BATCHES = 10;
    private static final int SAMPLES_PER_BATCH = 50;

    @TempDir
    Path work;

    @Test
    void every_acknowledged_sample_is_stored_exactly_once_through_app_kills_database_stops_and_resends()
            throws Exception {
        Path appLog = Path.of("target", "reconciliation-app.log");
        Files.deleteIfExists(appLog);
        NumberedBatches batches = new NumberedBatches(
                DEPLOYMENT,
                SENT_BATCHES + NEVER_SENT_BATCHES,
                SAMPLES_PER_BATCH,
                Instant.now().minus(30, ChronoUnit.MINUTES));
        try (RestartablePostgres postgres = RestartablePostgres.start(work.resolve("pg"));
                AppProcess app = AppProcess.start(
                        postgres.jdbcUrl(),
                        appLog,
                        "inference-metrics.limits.requests-per-second-per-key=100000",
                        "inference-metrics.limits.burst-per-key=100000")) {
            Gateway gateway = new Gateway(app.baseUrl(), DEMO_KEY, batches);
            CompletableFuture<Void> sending = gateway.sendUntilAcknowledged(range(0, SENT_BATCHES), 4);

            gateway.awaitAcknowledged(SENT_BATCHES / 4);
            app.kill();
            app.restart();

            gateway.awaitAcknowledged(SENT_BATCHES / 2);
            postgres.stopImmediately();
            app.awaitReadiness(503);
            postgres.restart();
            app.awaitReadiness(200);

            sending.get(5, TimeUnit.MINUTES);
            log.info(
                    "Reconciliation: {} batches acknowledged; answers by status (0 = no answer) {}; slowest {}",
                    gateway.acknowledged(),
                    gateway.answersByStatus(),
                    gateway.slowestAnswer());
            assertThat(gateway.acknowledged()).isEqualTo(SENT_BATCHES);
            assertThat(gateway.answersByStatus())
                    .as("every call was answered or refused while the app and the database came and went; none was"
                            + " left for the client to give up on")
                    .doesNotContainKey(Gateway.GAVE_UP);
            assertThat(gateway.answersByStatus())
                    .as("some calls failed while the app or the database was down")
                    .containsKey(200)
                    .hasSizeGreaterThan(1);

            List<Future<List<Integer>>> resends = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
                for (int round = 0; round < 3; round++) {
                    resends.add(pool.submit(() -> gateway.sendOnce(range(0, SENT_BATCHES))));
                }
                for (Future<List<Integer>> resend : resends) {
                    assertThat(resend.get(5, TimeUnit.MINUTES))
                            .as("every resent sample is recognised as a duplicate")
                            .containsOnly(SAMPLES_PER_BATCH);
                }
            }

            reconcile(postgres.jdbcUrl(), batches);
        }
    }

    private static void reconcile(String jdbcUrl, NumberedBatches batches) throws SQLException {
        Set<String> expected = new HashSet<>();
        for (int batch = 0; batch < SENT_BATCHES; batch++) {
            expected.addAll(batches.requestIds(batch));
        }
        Set<String> neverSent = new HashSet<>();
        for (int batch = SENT_BATCHES; batch < SENT_BATCHES + NEVER_SENT_BATCHES; batch++) {
            neverSent.addAll(batches.requestIds(batch));
        }
        try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres")) {
            Map<String, Long> stored = new HashMap<>();
            try (ResultSet rows = db.createStatement()
                    .executeQuery("select request_id, count(*) from request_sample s join deployment d"
                            + " on d.id = s.deployment_id where d.slug = '" + DEPLOYMENT + "' group by request_id")) {
                while (rows.next()) {
                    stored.put(rows.getString(1), rows.getLong(2));
                }
            }
            assertThat(stored.keySet()).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(stored.values()).containsOnly(1L);
            assertThat(stored.keySet()).doesNotContainAnyElementsOf(neverSent);
            try (ResultSet rows = db.createStatement()
                    .executeQuery("select r.resolution_s, sum(r.requests) from request_rollup r join deployment d"
                            + " on d.id = r.deployment_id where d.slug = '" + DEPLOYMENT
                            + "' group by r.resolution_s")) {
                Map<Integer, Long> counted = new HashMap<>();
                while (rows.next()) {
                    counted.put(rows.getInt(1), rows.getLong(2));
                }
                assertThat(counted)
                        .as("every rollup resolution counts each stored sample once")
                        .isEqualTo(Map.of(60, (long) expected.size(), 1800, (long) expected.size()));
            }
        }
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> numbers = new ArrayList<>();
        for (int i = from; i < to; i++) {
            numbers.add(i);
        }
        return numbers;
    }
}
