package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.testing.AppProcess;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.TestDatabase;
import dev.inferencemetrics.testing.TestTenant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Two application instances on one PostgreSQL, as behind a load balancer: this test's server and a second one
 * started as its own process on another port. A gateway sends numbered batches through both at once, then resends
 * every batch through the instance that did not take it first. Every sample is stored exactly once — raw rows and
 * both rollup levels — because ingest keeps no state outside the database. Scheduled jobs take turns through the
 * lease, which two instances' holders contend for in the same table.
 */
@IntegrationTest
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class TwoInstancesIT {

    private static final int BATCHES = 40;
    private static final int SAMPLES_PER_BATCH = 50;

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    FlywayConnectionDetails owner;

    @Autowired
    OwnerJdbc ownerJdbc;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Clock clock;

    @Test
    void the_same_numbered_load_through_two_instances_and_resent_across_them_is_stored_exactly_once() throws Exception {
        TestTenant tenant = TestTenant.create(context, "two-instances");
        String deployment = tenant.deployment("shared");
        String key = tenant.key(ApiScope.INGEST);
        NumberedBatches batches = new NumberedBatches(
                deployment, BATCHES, SAMPLES_PER_BATCH, clock.instant().minus(40, ChronoUnit.MINUTES));
        Path log = Path.of("target", "two-instances-second.log");
        Files.deleteIfExists(log);
        try (AppProcess second = AppProcess.start(
                owner.getJdbcUrl(),
                TestDatabase.APPLICATION_ROLE.name(),
                TestDatabase.APPLICATION_ROLE.password(),
                owner.getUsername(),
                Objects.requireNonNullElse(owner.getPassword(), ""),
                log,
                "inference-metrics.alerts.evaluator=false",
                "inference-metrics.scrape.enabled=false")) {
            Gateway first = new Gateway("http://localhost:" + port, key, batches);
            Gateway other = new Gateway(second.baseUrl(), key, batches);

            CompletableFuture.allOf(
                            first.sendUntilAcknowledged(numbers(0), 2), other.sendUntilAcknowledged(numbers(1), 2))
                    .get(4, TimeUnit.MINUTES);
            List<Integer> resentToSecond = other.sendOnce(numbers(0));
            List<Integer> resentToFirst = first.sendOnce(numbers(1));

            assertThat(first.acknowledged() + other.acknowledged()).isEqualTo(BATCHES);
            assertThat(resentToSecond)
                    .as("batches first sent to the first instance")
                    .containsOnly(SAMPLES_PER_BATCH);
            assertThat(resentToFirst)
                    .as("batches first sent to the second instance")
                    .containsOnly(SAMPLES_PER_BATCH);
        }
        assertStoredOnce(deployment, batches);
    }

    @Test
    void a_job_runs_on_one_instance_at_a_time_and_passes_on_when_its_holder_lets_go() {
        String job = "two-instances-" + System.nanoTime();
        SchedulerLease one = new SchedulerLease(jdbc, clock, "instance-one");
        SchedulerLease two = new SchedulerLease(jdbc, clock, "instance-two");

        boolean oneTakes = one.tryAcquire(job, Duration.ofMinutes(5));
        boolean twoWhileOneHolds = two.tryAcquire(job, Duration.ofMinutes(5));
        boolean oneRenews = one.tryAcquire(job, Duration.ofMinutes(5));
        one.release(job);
        boolean twoAfterRelease = two.tryAcquire(job, Duration.ofMinutes(5));

        assertThat(List.of(oneTakes, twoWhileOneHolds, oneRenews, twoAfterRelease))
                .containsExactly(true, false, true, true);
        assertThat(two.holds(job)).isTrue();
        assertThat(one.holds(job)).isFalse();
    }

    /** Each request id once in the raw rows; each rollup level counts every sample once. */
    private void assertStoredOnce(String deployment, NumberedBatches batches) {
        Set<String> expected = new HashSet<>();
        for (int batch = 0; batch < BATCHES; batch++) {
            expected.addAll(batches.requestIds(batch));
        }
        Map<String, Long> stored = new HashMap<>();
        ownerJdbc
                .jdbc()
                .query(
                        "select request_id, count(*) from request_sample s join deployment d on d.id = s.deployment_id"
                                + " where d.slug = ? group by request_id",
                        rs -> {
                            stored.put(rs.getString(1), rs.getLong(2));
                        },
                        deployment);
        Map<Integer, Long> counted = new HashMap<>();
        ownerJdbc
                .jdbc()
                .query(
                        "select r.resolution_s, sum(r.requests) from request_rollup r"
                                + " join deployment d on d.id = r.deployment_id where d.slug = ? group by r.resolution_s",
                        rs -> {
                            counted.put(rs.getInt(1), rs.getLong(2));
                        },
                        deployment);

        assertThat(stored.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(stored.values()).containsOnly(1L);
        assertThat(counted).isEqualTo(Map.of(60, (long) expected.size(), 1800, (long) expected.size()));
    }

    /** Every other batch number, starting at {@code first}: the share one instance takes. */
    private static List<Integer> numbers(int first) {
        List<Integer> numbers = new ArrayList<>();
        for (int batch = first; batch < BATCHES; batch += 2) {
            numbers.add(batch);
        }
        return numbers;
    }
}
