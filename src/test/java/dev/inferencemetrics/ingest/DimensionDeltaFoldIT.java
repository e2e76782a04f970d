package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

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
 * requests; a delta an earlier version appended is counted by readers while it waits and added once.
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
