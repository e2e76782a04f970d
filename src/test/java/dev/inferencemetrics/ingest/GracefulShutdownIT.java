package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.inferencemetrics.testing.AppProcess;
import dev.inferencemetrics.testing.HeldIngestCall;
import dev.inferencemetrics.testing.RestartablePostgres;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM while an ingest batch is in flight: the batch finishes and is stored whole, calls arriving after the signal
 * are not acknowledged, and the process exits by itself.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class GracefulShutdownIT {

    private static final String DEMO_KEY = "imk_demoAcme0000000000000000000000004XxUS0";

    @TempDir
    Path work;

    @Test
    void an_ingest_batch_in_flight_at_sigterm_is_stored_whole_and_later_calls_are_not_acknowledged() throws Exception {
        Path appLog = Path.of("target", "graceful-shutdown-app.log");
        Files.deleteIfExists(appLog);
        NumberedBatches batches =
                new NumberedBatches("sandbox", 2, 200, Instant.now().minus(20, ChronoUnit.MINUTES));
        try (RestartablePostgres postgres = RestartablePostgres.start(work.resolve("pg"));
                AppProcess app = AppProcess.start(postgres.jdbcUrl(), appLog)) {
            try (HeldIngestCall inFlight = new HeldIngestCall(app.port(), DEMO_KEY, batches.body(0))) {
                // a call answered on a second connection means the first one was accepted before it
                assertThat(app.readiness()).isEqualTo(200);

                app.terminate();
                // SIGTERM is handled once readiness stops answering 200 (503 while draining, or no answer)
                await().atMost(Duration.ofSeconds(30)).until(app::readiness, status -> status != 200);
                int lateStatus = send(app, batches.body(1));

                assertThat(inFlight.finish()).startsWith("HTTP/1.1 200");
                assertThat(lateStatus / 100)
                        .as("a call after SIGTERM, answered %d", lateStatus)
                        .isNotEqualTo(2);
            }
            assertThat(app.awaitExit(Duration.ofMinutes(1))).isIn(0, 143);

            try (Connection db = DriverManager.getConnection(postgres.jdbcUrl(), "postgres", "postgres");
                    ResultSet rows = db.createStatement()
                            .executeQuery("select count(*) filter (where request_id like 'batch-0-%'),"
                                    + " count(*) filter (where request_id like 'batch-1-%') from request_sample")) {
                rows.next();
                assertThat(rows.getLong(1)).as("samples of the batch in flight").isEqualTo(200);
                assertThat(rows.getLong(2)).as("samples of the late batch").isZero();
            }
        }
    }

    /** The status of an ingest call, or 0 when the closing application answers nothing. */
    private static int send(AppProcess app, byte[] body) throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(app.baseUrl() + "/api/v1/ingest/requests"))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + DEMO_KEY)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        try (HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        }
    }
}
