package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Batches that name consumers, sent while two folds (as two instances would run them) take the waiting batches: every
 * request is counted exactly once, and once the folds are done nothing waits. A resent batch counts only its new
 * requests; a delta an earlier version appended is counted by readers while it waits and added once. A batch is held in
 * memory once its ingest commits and counted from there, unless another fold took its row first; a batch nobody holds
 * is read back by the schedule only once it is an orphan.
 */
class DimensionDeltaFoldIT extends ApiIntegrationTest {

    private static final int SENDERS = 2;
    private static final int BATCHES = 15;
    private static final int BATCH = 60;
    private static final int CONSUMERS = 10;

    DimensionDeltaFoldIT() {
        super("dimension-delta-fold");
    }

    @Test
    void batches_folded_while_they_arrive_are_each_counted_once() {
        // threads of its own: the common pool may have one thread, which a fold would keep
        try (ExecutorService threads = Executors.newFixedThreadPool(4)) {
            sendWhileFolding(threads);
        }
    }

    private void sendWhileFolding(ExecutorService threads) {
        String deployment = tenant.deployment("folded");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        DimensionDeltaFold fold = context.getBean(DimensionDeltaFold.class);
        AtomicBoolean sending = new AtomicBoolean(true);
        List<CompletableFuture<Integer>> folds = IntStream.range(0, 2)
                .mapToObj(i -> CompletableFuture.supplyAsync(
                        () -> {
                            int taken = 0;
                            while (sending.get()) {
                                taken += fold.foldWaiting();
                            }
                            return taken;
                        },
                        threads))
                .toList();
        List<CompletableFuture<Void>> senders = IntStream.range(0, SENDERS)
                .mapToObj(sender -> CompletableFuture.runAsync(
                        () -> {
                            for (int batch = 0; batch < BATCHES; batch++) {
                                int first = (sender * BATCHES + batch) * BATCH;
                                List<RequestSampleJson> samples = IntStream.range(first, first + BATCH)
                                        .mapToObj(n -> RequestSampleJson.ok("fold-" + n, start.plusSeconds(n))
                                                .set("consumer", "team-" + n % CONSUMERS))
                                        .toList();
                                assertThat(api.ingestRequests(key, deployment, samples)
                                                .rejected())
                                        .isZero();
                            }
                        },
                        threads))
                .toList();
        senders.forEach(CompletableFuture::join);
        sending.set(false);
        int takenWhileSending = folds.stream().mapToInt(CompletableFuture::join).sum();
        int takenAfter = fold.foldWaiting();

        int requests = SENDERS * BATCHES * BATCH;
        assertThat(takenWhileSending + takenAfter).as("batches folded").isGreaterThanOrEqualTo(SENDERS * BATCHES);
        assertThat(rows("select count(*) from dimension_batch where deployment_id = ?", deployment))
                .as("batches still waiting")
                .isZero();
        for (int resolution : List.of(60, 1800)) {
            assertThat(rows(
                            "select sum(requests) from dimension_rollup where deployment_id = ? and resolution_s = "
                                    + resolution,
                            deployment))
                    .as("requests in the stored %d s rollups", resolution)
                    .isEqualTo(requests);
        }
        assertThat(perConsumer(deployment, start))
                .hasSize(CONSUMERS)
                .allSatisfy(
                        (consumer, counted) -> assertThat(counted).as(consumer).isEqualTo(requests / CONSUMERS));
    }

    @Test
    void a_resent_batch_counts_only_the_requests_not_stored_before() {
        String deployment = tenant.deployment("resent");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        DimensionDeltaFold fold = context.getBean(DimensionDeltaFold.class);
        List<RequestSampleJson> first = IntStream.range(0, 4)
                .mapToObj(n -> RequestSampleJson.ok("resent-" + n, start.plusSeconds(n))
                        .set("consumer", "team-" + n % 2))
                .toList();
        assertThat(api.ingestRequests(key, deployment, first).accepted()).isEqualTo(4);
        fold.foldWaiting();
        List<RequestSampleJson> again = new ArrayList<>(first);
        again.add(RequestSampleJson.ok("resent-new", start.plusSeconds(10)).set("consumer", "team-0"));
        assertThat(api.ingestRequests(key, deployment, again).duplicates()).isEqualTo(4);
        fold.foldWaiting();

        assertThat(perConsumer(deployment, start)).isEqualTo(Map.of("team-0", 3L, "team-1", 2L));
    }

    @Test
    void a_delta_an_earlier_version_appended_is_counted_while_it_waits_and_added_once() {
        String deployment = tenant.deployment("upgraded");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        DimensionDeltaFold fold = context.getBean(DimensionDeltaFold.class);
        assertThat(api.ingestRequests(
                                key,
                                deployment,
                                List.of(RequestSampleJson.ok("upgraded-1", start.plusSeconds(1))
                                        .set("consumer", "team-0")))
                        .accepted())
                .isEqualTo(1);
        fold.foldWaiting();
        // the very rows of that request once more, as the delta an earlier version's ingest would have appended
        context.getBean(OwnerJdbc.class)
                .jdbc()
                .update(
                        "insert into dimension_rollup_delta select r.* from dimension_rollup r"
                                + " join deployment d on d.id = r.deployment_id where d.slug = ?",
                        deployment);

        assertThat(perConsumer(deployment, start)).as("waiting").isEqualTo(Map.of("team-0", 2L));
        assertThat(fold.foldWaiting())
                .as("the minute's and the half hour's delta")
                .isGreaterThanOrEqualTo(2);
        assertThat(rows("select count(*) from dimension_rollup_delta where deployment_id = ?", deployment))
                .isZero();
        assertThat(perConsumer(deployment, start)).as("folded").isEqualTo(Map.of("team-0", 2L));
    }

    @Test
    void a_held_batch_is_counted_from_memory_without_reading_its_samples_back() {
        String deployment = tenant.deployment("held");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        send(deployment, "held", start, 4);
        // were the fold to read the batch back, it would find no sample to count
        context.getBean(OwnerJdbc.class)
                .jdbc()
                .update(
                        "delete from request_sample where deployment_id = (select id from deployment where slug = ?)",
                        deployment);

        context.getBean(DimensionDeltaFold.class).foldWaiting();

        assertThat(perConsumer(deployment, start)).isEqualTo(Map.of("team-0", 2L, "team-1", 2L));
        assertThat(rows("select count(*) from dimension_batch where deployment_id = ?", deployment))
                .isZero();
    }

    @Test
    void a_held_batch_whose_row_another_fold_took_first_is_counted_once() {
        String deployment = tenant.deployment("taken-first");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        DimensionDeltaFold fold = context.getBean(DimensionDeltaFold.class);
        HeldDimensionBatches held = context.getBean(HeldDimensionBatches.class);
        send(deployment, "taken-first", start, 4);
        long batch = rows("select max(id) from dimension_batch where deployment_id = ?", deployment);
        assertThat(held.ids()).contains(batch);
        // a goodput recount reads every waiting batch of the deployment back, held or not
        DeploymentRef ref = context.getBean(DeploymentService.class).require(TenantScope.allTenants(), deployment);
        context.getBean(TenantTransactions.class)
                .run(TenantScope.allTenants(), () -> fold.foldDeployment(ref.tenantId(), ref.id()));
        assertThat(perConsumer(deployment, start)).as("read back").isEqualTo(Map.of("team-0", 2L, "team-1", 2L));

        fold.foldWaiting();

        assertThat(held.ids()).doesNotContain(batch);
        assertThat(perConsumer(deployment, start))
                .as("after the held copy's turn")
                .isEqualTo(Map.of("team-0", 2L, "team-1", 2L));
    }

    @Test
    void a_rolled_back_ingest_is_not_held_and_a_committed_one_is() {
        String deployment = tenant.deployment("rolled-back");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        HeldDimensionBatches held = context.getBean(HeldDimensionBatches.class);
        IngestService ingest = context.getBean(IngestService.class);
        TenantTransactions transactions = context.getBean(TenantTransactions.class);
        DeploymentRef ref = context.getBean(DeploymentService.class).require(TenantScope.allTenants(), deployment);
        List<RequestSample> samples = List.of(new RequestSample(
                "rolled-back-1",
                start,
                SampleStatus.OK,
                100.0,
                900.0,
                20.0,
                null,
                10,
                40,
                null,
                null,
                "team-0",
                null,
                null));
        List<Long> before = held.ids();

        assertThatThrownBy(() -> transactions.run(TenantScope.tenant(ref.tenantId()), () -> {
                    assertThat(ingest.ingestBuilt(ref, samples).accepted()).isEqualTo(1);
                    throw new IllegalStateException("rolled back");
                }))
                .hasMessage("rolled back");
        assertThat(held.ids()).as("held after the roll-back").isEqualTo(before);
        assertThat(rows("select count(*) from dimension_batch where deployment_id = ?", deployment))
                .isZero();

        transactions.run(TenantScope.tenant(ref.tenantId()), () -> ingest.ingestBuilt(ref, samples));
        assertThat(held.ids())
                .as("held after the commit")
                .contains(rows("select max(id) from dimension_batch where deployment_id = ?", deployment));
    }

    @Test
    void an_orphaned_batch_is_read_back_by_the_schedule_once_it_is_old_enough() {
        String deployment = tenant.deployment("orphaned");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        DimensionDeltaFold fold = context.getBean(DimensionDeltaFold.class);
        send(deployment, "orphaned", start, 4);
        // as if the instance that held it had stopped
        context.getBean(HeldDimensionBatches.class).takeAll();

        fold.foldHeldAndOrphaned();
        assertThat(rows("select count(*) from dimension_batch where deployment_id = ?", deployment))
                .as("young, still waiting")
                .isOne();
        assertThat(perConsumer(deployment, start)).isEmpty();

        context.getBean(OwnerJdbc.class)
                .jdbc()
                .update(
                        "update dimension_batch set opened_at = opened_at - ?::interval"
                                + " where deployment_id = (select id from deployment where slug = ?)",
                        DimensionDeltaFold.ORPHAN_AGE.plusSeconds(1).toString(),
                        deployment);
        fold.foldHeldAndOrphaned();

        assertThat(rows("select count(*) from dimension_batch where deployment_id = ?", deployment))
                .isZero();
        assertThat(perConsumer(deployment, start)).isEqualTo(Map.of("team-0", 2L, "team-1", 2L));
    }

    /** Sends {@code count} requests, one a second from {@code start}, naming the consumers team-0 and team-1 in turn. */
    private void send(String deployment, String prefix, Instant start, int count) {
        List<RequestSampleJson> samples = IntStream.range(0, count)
                .mapToObj(n -> RequestSampleJson.ok(prefix + "-" + n, start.plusSeconds(n))
                        .set("consumer", "team-" + n % 2))
                .toList();
        assertThat(api.ingestRequests(key, deployment, samples).accepted()).isEqualTo(count);
    }

    private Map<String, Long> perConsumer(String deployment, Instant start) {
        Map<String, Long> perConsumer = new HashMap<>();
        HttpApi.Answer answer = api.get(
                "/api/v1/deployments/" + deployment + "/breakdown?dimension=consumer&limit=100&from=" + start + "&to="
                        + start.plus(1, ChronoUnit.HOURS),
                key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        for (JsonNode row : answer.json().get("values")) {
            perConsumer.put(row.get("value").asString(), row.get("requests").asLong());
        }
        return perConsumer;
    }

    private long rows(String sql, String deployment) {
        Long count = context.getBean(OwnerJdbc.class)
                .jdbc()
                .queryForObject(
                        sql.replace("deployment_id = ?", "deployment_id = (select id from deployment where slug = ?)"),
                        Long.class,
                        deployment);
        return count == null ? 0 : count;
    }
}
