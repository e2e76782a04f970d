package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DashboardQueriesIT {

    private final CountDownLatch answer = new CountDownLatch(1);
    private @Nullable HttpServer dashboard;

    /** A dashboard that holds every read until the test lets it answer. */
    private LoadOptions heldDashboard(String... options) throws IOException {
        dashboard = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        dashboard.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        dashboard.createContext("/", exchange -> {
            try {
                answer.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        dashboard.start();
        List<String> args = new ArrayList<>(
                List.of("--url", "http://127.0.0.1:" + dashboard.getAddress().getPort(), "--key", "imk_x"));
        args.addAll(List.of(options));
        return LoadOptions.parse(args);
    }

    @AfterEach
    void stopDashboard() {
        answer.countDown();
        if (dashboard != null) {
            dashboard.stop(0);
        }
    }

    @Test
    void reads_due_while_the_most_allowed_wait_for_an_answer_are_skipped_and_counted_failed_not_queued()
            throws Exception {
        LoadOptions options = heldDashboard("--fleet-queries", "1/s");
        LoadStatistics statistics;
        try (DashboardQueries fleet =
                DashboardQueries.fleetOverview(options, new ApiCalls(HttpClient.newHttpClient(), options.url()))) {
            fleet.catchUp(Duration.ofSeconds(DashboardQueries.MAX_IN_FLIGHT + 8));

            statistics = fleet.statistics();
            assertThat(statistics.sent()).isEqualTo(40);
            assertThat(statistics.failures()).isEqualTo(Map.of("skipped, 32 in flight", 8L));

            answer.countDown();
        }
        assertThat(statistics.failedCalls()).isEqualTo(8);
        assertThat(statistics.unansweredCalls()).isZero();
    }
}
