package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Resending never double-counts, and concurrent writers into the same rollup never lose a sample. */
class IngestIdempotencyIT extends ApiIntegrationTest {

    IngestIdempotencyIT() {
        super("idempotency");
    }

    private static final int THREADS = 8;

    @Test
    void resending_a_batch_three_times_counts_it_once() {
        String deployment = tenant.deployment("resent");
        Batch batch = Batch.random("r", 50, minuteAgo(10), 1);

        IngestResult first = api.ingestRequests(key, deployment, batch.samples());
        IngestResult second = api.ingestRequests(key, deployment, batch.samples());
        IngestResult third = api.ingestRequests(key, deployment, batch.samples());

        assertThat(first).isEqualTo(new IngestResult(50, 0, 0, List.of()));
        assertThat(second).isEqualTo(new IngestResult(50, 0, 50, List.of()));
        assertThat(third).isEqualTo(new IngestResult(50, 0, 50, List.of()));
        assertCountedOnce(deployment, batch);
    }

    @Test
    void a_partly_resent_batch_counts_only_its_new_samples() {
        String deployment = tenant.deployment("partly-resent");
        Batch batch = Batch.random("p", 40, minuteAgo(11), 2);

        api.ingestRequests(key, deployment, batch.samples().subList(0, 25));
        IngestResult resent = api.ingestRequests(key, deployment, batch.samples());

        assertThat(resent.accepted()).isEqualTo(40);
        assertThat(resent.duplicates()).isEqualTo(25);
        assertCountedOnce(deployment, batch);
    }

    @Test
    void a_sample_repeated_within_one_batch_counts_once() {
        String deployment = tenant.deployment("repeated-inside");
        Batch batch = Batch.random("i", 10, minuteAgo(12), 3);
        List<RequestSampleJson> twice = new ArrayList<>(batch.samples());
        twice.addAll(batch.samples());

        IngestResult result = api.ingestRequests(key, deployment, twice);

        assertThat(result.accepted()).isEqualTo(20);
        assertThat(result.duplicates()).isEqualTo(10);
        assertCountedOnce(deployment, batch);
    }

    @Test
    void the_same_request_id_counts_in_each_deployment_it_was_sent_to() {
        String first = tenant.deployment("same-id-first");
        String second = tenant.deployment("same-id-second");
        Batch batch = Batch.random("d", 20, minuteAgo(13), 4);

        api.ingestRequests(key, first, batch.samples());
        IngestResult other = api.ingestRequests(key, second, batch.samples());

        assertThat(other.duplicates()).isZero();
        assertCountedOnce(first, batch);
        assertCountedOnce(second, batch);
    }

    @Test
    void the_same_batch_sent_concurrently_from_eight_threads_counts_once() throws Exception {
        String deployment = tenant.deployment("concurrent-same");
        Batch batch = Batch.random("c", 200, minuteAgo(14), 5);

        List<IngestResult> results =
                concurrently(THREADS, thread -> api.ingestRequests(key, deployment, batch.samples()));

        assertThat(results).allSatisfy(result -> assertThat(result.accepted()).isEqualTo(200));
        assertThat(results.stream().mapToInt(r -> r.accepted() - r.duplicates()).sum())
                .isEqualTo(200);
        assertCountedOnce(deployment, batch);
    }

    @Test
    void overlapping_batches_sent_concurrently_in_opposite_orders_count_each_sample_once() throws Exception {
        String deployment = tenant.deployment("concurrent-reordered");
        Batch batch = Batch.random("o", 2_000, minuteAgo(16), 6);
        List<RequestSampleJson> reversed = new ArrayList<>(batch.samples()).reversed();

        List<HttpApi.Answer> answers = concurrently(
                THREADS,
                thread -> api.post(
                        HttpApi.INGEST_REQUESTS,
                        key,
                        HttpApi.JSON,
                        api.batch(deployment, thread % 2 == 0 ? batch.samples() : reversed)));

        assertThat(answers)
                .allSatisfy(answer ->
                        assertThat(answer.status()).as(answer.toString()).isEqualTo(200));
        assertCountedOnce(deployment, batch);
    }

    @Test
    void concurrent_different_batches_for_the_same_minute_all_count() throws Exception {
        String deployment = tenant.deployment("concurrent-different");
        Instant minute = minuteAgo(15);
        int batchesPerThread = 5;
        List<List<Batch>> perThread = IntStream.range(0, THREADS)
                .mapToObj(thread -> IntStream.range(0, batchesPerThread)
                        .mapToObj(b -> Batch.random("t" + thread + "b" + b + "-", 100, minute, 100 * thread + b))
                        .toList())
                .toList();

        List<Integer> accepted = concurrently(THREADS, thread -> perThread.get(thread).stream()
                .mapToInt(batch ->
                        api.ingestRequests(key, deployment, batch.samples()).accepted())
                .sum());

        assertThat(accepted).containsOnly(batchesPerThread * 100);
        assertCountedOnce(
                deployment, Batch.union(perThread.stream().flatMap(List::stream).toList()));
    }

    /** Totals, stored rows and latency percentiles are those of the batch's samples, each counted once. */
    private void assertCountedOnce(String deployment, Batch batch) {
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(batch.size());
        Instant minute = batch.minute();
        DeploymentMetrics metrics = api.metrics(
                key, deployment, minute.minus(Duration.ofMinutes(5)), minute.plus(Duration.ofMinutes(5)), "60");
        DeploymentMetrics.Summary summary = metrics.summary();
        assertThat(summary.requests()).isEqualTo(batch.size());
        assertThat(summary.errors()).isEqualTo(batch.errors());
        assertThat(summary.inputTokens()).isEqualTo(batch.inputTokens());
        assertThat(summary.outputTokens()).isEqualTo(batch.outputTokens());
        assertThat(summary.ttft().count()).isEqualTo(batch.okTtfts().length);
        AccuracyContract.assertQuantile(batch.okTtfts(), 0.5, summary.ttft().p50(), "TTFT p50");
        AccuracyContract.assertQuantile(batch.okTtfts(), 0.99, summary.ttft().p99(), "TTFT p99");
        assertThat(metrics.series().ttft())
                .filteredOn(point -> point.count() > 0)
                .singleElement()
                .satisfies(point -> assertThat(point.t()).isEqualTo(minute));
    }

    private Instant minuteAgo(int minutes) {
        return clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(minutes));
    }

    private static <T> List<T> concurrently(int threads, ThreadTask<T> task) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<T>> futures = new ArrayList<>();
            for (int thread = 0; thread < threads; thread++) {
                int id = thread;
                Callable<T> call = () -> {
                    start.await();
                    return task.run(id);
                };
                futures.add(pool.submit(call));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get(2, TimeUnit.MINUTES));
            }
            return results;
        }
    }

    @FunctionalInterface
    private interface ThreadTask<T> {
        T run(int thread) throws Exception;
    }

    /** Samples inside one minute, with what they must add up to. */
    private record Batch(Instant minute, List<RequestSampleJson> samples, List<Expected> expected) {

        static Batch random(String idPrefix, int size, Instant minute, long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            List<RequestSampleJson> samples = new ArrayList<>(size);
            List<Expected> expected = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                Instant ts = minute.plusMillis(random.nextLong(60_000));
                int input = random.nextInt(1, 4_000);
                boolean ok = random.nextInt(10) > 0;
                if (ok) {
                    int output = random.nextInt(1, 800);
                    double ttft = Math.round(random.nextDouble(20, 2_000) * 1000) / 1000.0;
                    double tpot = Math.round(random.nextDouble(5, 60) * 1000) / 1000.0;
                    samples.add(RequestSampleJson.ok(idPrefix + i, ts)
                            .ttft(ttft)
                            .e2e(ttft + tpot * (output - 1))
                            .tpot(tpot)
                            .tokens(input, output));
                    expected.add(new Expected(true, input, output, ttft));
                } else {
                    samples.add(
                            RequestSampleJson.failed(idPrefix + i, ts, "error").tokens(input, 0));
                    expected.add(new Expected(false, input, 0, Double.NaN));
                }
            }
            return new Batch(minute, List.copyOf(samples), List.copyOf(expected));
        }

        static Batch union(List<Batch> batches) {
            return new Batch(
                    batches.getFirst().minute(),
                    batches.stream().flatMap(b -> b.samples().stream()).toList(),
                    batches.stream().flatMap(b -> b.expected().stream()).toList());
        }

        int size() {
            return samples.size();
        }

        long errors() {
            return expected.stream().filter(e -> !e.ok()).count();
        }

        long inputTokens() {
            return expected.stream().mapToLong(Expected::inputTokens).sum();
        }

        long outputTokens() {
            return expected.stream().mapToLong(Expected::outputTokens).sum();
        }

        double[] okTtfts() {
            double[] ttfts = expected.stream()
                    .filter(Expected::ok)
                    .mapToDouble(Expected::ttftMs)
                    .toArray();
            Arrays.sort(ttfts);
            return ttfts;
        }
    }

    private record Expected(boolean ok, int inputTokens, int outputTokens, double ttftMs) {}
}
