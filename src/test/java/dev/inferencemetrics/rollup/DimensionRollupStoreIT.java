package dev.inferencemetrics.rollup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.FreshDatabase;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Merging into the dimension rollups of a deployment whose rows the planner's statistics have not seen yet: a new
 * database, a new deployment, a busy hour before the next analyze. A join the planner chose from those statistics read
 * all of the deployment's rows once for every row merged, a third of a second a turn of the fold with a few hundred
 * consumers.
 */
@IntegrationTest
class DimensionRollupStoreIT {

    private static final long TENANT = 1;
    private static final long DEPLOYMENT = 1;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    FlywayConnectionDetails ownerConnection;

    @Test
    void merging_into_many_stored_rows_reads_only_the_rows_merged_into() {
        try (FreshDatabase database = FreshDatabase.create(owner, ownerConnection, "dimension_rollup_merge")) {
            database.flyway("latest").migrate();
            Fold fold = Fold.over(database.dataSource());
            Instant start = Instant.parse("2026-11-28T06:00:00Z");
            List<DimensionRollup> stored = new ArrayList<>();
            for (int minute = 0; minute < 120; minute++) {
                for (int consumer = 0; consumer < 20; consumer++) {
                    stored.add(consumerMinute("team-" + consumer, start.plus(minute, ChronoUnit.MINUTES)));
                }
            }
            inTransaction(fold, () -> {
                fold.store().add(TENANT, DEPLOYMENT, stored);
                return null;
            });

            List<DimensionRollup> merged = List.of(
                    consumerMinute("team-3", start.plus(7, ChronoUnit.MINUTES)),
                    consumerMinute("team-11", start.plus(64, ChronoUnit.MINUTES)),
                    consumerMinute("team-19", start.plus(119, ChronoUnit.MINUTES)));
            long fetched = inTransaction(fold, () -> {
                fold.store().add(TENANT, DEPLOYMENT, merged);
                return fold.jdbc()
                        .sql("select pg_stat_get_xact_tuples_fetched('dimension_rollup_pkey'::regclass)")
                        .query(Long.class)
                        .single();
            });

            assertThat(fetched).as("rows fetched of %d stored", stored.size()).isLessThan(50);
            assertThat(fold.jdbc()
                            .sql("select value, requests from dimension_rollup where bucket = ? order by value")
                            .param(java.sql.Timestamp.from(start.plus(64, ChronoUnit.MINUTES)))
                            .query((rs, n) -> rs.getString("value") + "=" + rs.getLong("requests"))
                            .list())
                    .as("the minute merged into")
                    .hasSize(20)
                    .contains("team-11=2", "team-10=1");
        }
    }

    /**
     * Two folds adding to the same new minute: the one that finds no stored row inserts it only to find another fold's
     * insert there first, committed while it waited, and merges into that row instead.
     */
    @Test
    void a_row_another_fold_inserted_meanwhile_is_merged_into() throws Exception {
        try (FreshDatabase database = FreshDatabase.create(owner, ownerConnection, "dimension_rollup_race")) {
            database.flyway("latest").migrate();
            // each fold on a connection of its own, as two instances' folds are
            Fold fold = Fold.over(database.connections());
            Instant minute = Instant.parse("2026-11-28T06:07:00Z");
            CountDownLatch firstInserted = new CountDownLatch(1);
            CountDownLatch commitFirst = new CountDownLatch(1);

            try (ExecutorService folds = Executors.newFixedThreadPool(2)) {
                Future<?> first = folds.submit(() -> inTransaction(fold, () -> {
                    fold.store().add(TENANT, DEPLOYMENT, List.of(consumerMinute("team-1", minute)));
                    firstInserted.countDown();
                    await(commitFirst);
                    return null;
                }));
                await(firstInserted);
                Future<?> second = folds.submit(() -> inTransaction(fold, () -> {
                    fold.store()
                            .add(
                                    TENANT,
                                    DEPLOYMENT,
                                    List.of(consumerMinute("team-1", minute), consumerMinute("team-2", minute)));
                    return null;
                }));
                awaitOneWaitingForALock(fold.jdbc());
                commitFirst.countDown();
                first.get(30, TimeUnit.SECONDS);
                second.get(30, TimeUnit.SECONDS);
            }

            assertThat(fold.jdbc()
                            .sql("select value, requests from dimension_rollup order by value")
                            .query((rs, n) -> rs.getString("value") + "=" + rs.getLong("requests"))
                            .list())
                    .containsExactly("team-1=2", "team-2=1");
        }
    }

    /** The store, its statements and the fold's transactions, over one data source. */
    private record Fold(JdbcClient jdbc, TransactionTemplate transactions, DimensionRollupStore store) {
        static Fold over(DataSource dataSource) {
            JdbcClient jdbc = JdbcClient.create(dataSource);
            return new Fold(
                    jdbc,
                    new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                    new DimensionRollupStore(jdbc));
        }
    }

    private static void awaitOneWaitingForALock(JdbcClient jdbc) throws InterruptedException {
        for (int attempt = 0; attempt < 3_000; attempt++) {
            if (jdbc.sql("select count(*) from pg_stat_activity where wait_event_type = 'Lock'")
                            .query(Long.class)
                            .single()
                    > 0) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the second fold never waited for the first one's insert");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the other fold did not get there");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Runs the work in one transaction that may see every tenant's rows, as the fold's do. */
    private static <T> T inTransaction(Fold fold, Supplier<T> work) {
        return fold.transactions().execute(status -> {
            fold.jdbc()
                    .sql("select set_config('app.all_tenants', 'true', true)")
                    .query()
                    .singleValue();
            return work.get();
        });
    }

    private static DimensionRollup consumerMinute(String consumer, Instant minute) {
        RequestRollup rollup = new RequestRollup(minute);
        rollup.addRequest(true, 100, 20);
        rollup.ttft().add(120);
        return new DimensionRollup(new DimensionValue(Dimension.CONSUMER, consumer), Resolution.MINUTE, rollup);
    }
}
