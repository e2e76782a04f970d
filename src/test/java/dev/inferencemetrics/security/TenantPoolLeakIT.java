package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.inferencemetrics.tenancy.DatabaseTenant;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Pooled connections go from one tenant's transaction to another's all the time; nothing of the first may reach
 * the second. Many threads alternate tenants over far fewer connections, and every answer is checked.
 */
class TenantPoolLeakIT extends HttpIntegrationTest {

    private static final int THREADS = 12;
    private static final int ROUNDS = 60;

    @Autowired
    JdbcConnectionDetails applicationConnection;

    TenantWithData a;
    TenantWithData b;
    HikariDataSource twoConnections;

    @BeforeAll
    void twoTenantsAndATinyPool() {
        a = TenantWithData.create(context, api, "leak-a");
        b = TenantWithData.create(context, api, "leak-b");
        twoConnections = new HikariDataSource();
        twoConnections.setJdbcUrl(applicationConnection.getJdbcUrl());
        twoConnections.setUsername(applicationConnection.getUsername());
        twoConnections.setPassword(applicationConnection.getPassword());
        twoConnections.setMaximumPoolSize(2);
    }

    @AfterAll
    void closePool() {
        twoConnections.close();
    }

    @Test
    void transactions_alternating_tenants_over_two_connections_never_see_a_foreign_row() throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(twoConnections);
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(twoConnections));
        DatabaseTenant databaseTenant = new DatabaseTenant(JdbcClient.create(jdbc));
        List<Long> tenants = List.of(a.id(), b.id());
        var wrong = new ConcurrentLinkedQueue<String>();

        runConcurrently(round -> {
            long tenant = tenants.get(round % 2);
            Set<Long> seen = new HashSet<>();
            try {
                transaction.executeWithoutResult(status -> {
                    databaseTenant.declare(TenantScope.tenant(tenant));
                    seen.addAll(jdbc.queryForList("select tenant_id from deployment", Long.class));
                    seen.addAll(jdbc.queryForList("select tenant_id from request_rollup", Long.class));
                    if (round % 3 == 0) {
                        throw new IllegalStateException("rolled back on purpose");
                    }
                });
            } catch (IllegalStateException rolledBack) {
                // the next transaction on this connection must still start from nothing
            }
            if (!seen.equals(Set.of(tenant))) {
                wrong.add("declared " + tenant + ", saw " + seen);
            }
            Long undeclared =
                    transaction.execute(status -> jdbc.queryForObject("select count(*) from deployment", Long.class));
            if (undeclared != 0) {
                wrong.add("undeclared transaction saw " + undeclared + " deployments");
            }
        });

        assertThat(wrong).isEmpty();
    }

    @Test
    void api_calls_alternating_tenants_get_only_their_own_deployments() throws Exception {
        var wrong = new ConcurrentLinkedQueue<String>();

        runConcurrently(round -> {
            TenantWithData caller = round % 2 == 0 ? a : b;
            TenantWithData other = caller == a ? b : a;
            List<String> listed = new ArrayList<>();
            HttpApi.Answer answer = admitted(() -> api.get("/api/v1/deployments", caller.key()));
            if (answer.status() != 200) {
                wrong.add("deployment list answered " + answer);
                return;
            }
            for (JsonNode deployment : answer.json()) {
                listed.add(deployment.path("slug").asString());
            }
            if (!listed.equals(List.of(caller.deployment()))) {
                wrong.add(caller.deployment() + " listed " + listed);
            }
            Instant now = clock.instant();
            int foreign = admitted(() -> api.metricsAnswer(
                            caller.key(), other.deployment(), now.minus(Duration.ofHours(1)), now, null))
                    .status();
            if (foreign != 403) {
                wrong.add("another tenant's metrics answered " + foreign);
            }
        });

        assertThat(wrong).isEmpty();
    }

    /** Keys are rate-limited; a throttled call is sent again after a pause, as a well-behaved client would. */
    private static HttpApi.Answer admitted(Supplier<HttpApi.Answer> call) {
        while (true) {
            HttpApi.Answer answer = call.get();
            if (answer.status() != 429) {
                return answer;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static void runConcurrently(Round round) throws Exception {
        try (ExecutorService threads = Executors.newFixedThreadPool(THREADS)) {
            List<Future<?>> running = new ArrayList<>();
            for (int thread = 0; thread < THREADS; thread++) {
                int offset = thread;
                running.add(threads.submit(() -> {
                    for (int i = 0; i < ROUNDS; i++) {
                        round.run(offset + i);
                    }
                    return null;
                }));
            }
            for (Future<?> future : running) {
                future.get();
            }
        }
    }

    @FunctionalInterface
    private interface Round {
        void run(int round);
    }
}
