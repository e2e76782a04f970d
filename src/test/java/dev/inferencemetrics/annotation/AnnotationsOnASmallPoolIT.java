package dev.inferencemetrics.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Annotation writes on a pool of two connections: each call needs one connection, so several writers at once queue
 * for the pool and all get through, instead of each holding one connection while it waits for a second.
 */
class AnnotationsOnASmallPoolIT extends ApiIntegrationTest {

    private static final int WRITERS = 6;
    private static final int CALLS_EACH = 5;

    @Autowired
    DataSource dataSource;

    @Autowired
    OwnerJdbc owner;

    private HikariDataSource pool;
    private int poolSize;

    AnnotationsOnASmallPoolIT() {
        super("annotation-small-pool");
    }

    @BeforeEach
    void shrinkThePoolToTwo() throws SQLException {
        pool = dataSource.unwrap(HikariDataSource.class);
        poolSize = pool.getMaximumPoolSize();
        pool.setMaximumPoolSize(2);
        pool.getHikariPoolMXBean().softEvictConnections();
    }

    @AfterEach
    void restoreThePool() {
        pool.setMaximumPoolSize(poolSize);
    }

    @Test
    void six_writers_posting_annotations_at_once_over_two_connections_all_get_201() throws Exception {
        String deployment = tenant.deployment("busy-notes");
        String ingest = tenant.key(ApiScope.INGEST);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<Integer>>> writers = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(WRITERS)) {
            for (int writer = 0; writer < WRITERS; writer++) {
                int w = writer;
                writers.add(threads.submit(() -> {
                    start.await();
                    List<Integer> statuses = new ArrayList<>();
                    for (int call = 0; call < CALLS_EACH; call++) {
                        String body =
                                "{\"text\":\"writer " + w + " call " + call + "\",\"time\":\"2026-11-20T10:00:00Z\"}";
                        statuses.add(api.post(
                                        "/api/v1/deployments/" + deployment + "/annotations",
                                        ingest,
                                        HttpApi.JSON,
                                        body.getBytes(StandardCharsets.UTF_8))
                                .status());
                    }
                    return statuses;
                }));
            }
            start.countDown();
        }

        List<Integer> statuses = new ArrayList<>();
        for (Future<List<Integer>> writer : writers) {
            statuses.addAll(writer.get());
        }
        assertThat(statuses).hasSize(WRITERS * CALLS_EACH).containsOnly(201);
        assertThat(owner.jdbc()
                        .queryForObject("select count(*) from annotation where tenant_id = ?", Long.class, tenant.id()))
                .isEqualTo(WRITERS * CALLS_EACH);
    }
}
