package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.IngestResult;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.SentRequests;
import java.net.http.HttpRequest.BodyPublishers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A million requests from heavy-tailed, bimodal and constant latency distributions, spread over a week, go in
 * through the ingest API in full batches; every interval of windows from an hour to a week, at steps from a minute
 * to six hours, must meet the accuracy contract against the exact order statistics of what was sent.
 */
class SyntheticDistributionsAccuracyIT extends ApiIntegrationTest {

    SyntheticDistributionsAccuracyIT() {
        super("synthetic");
    }

    /** 4 × 250,000 = 10⁶ requests, and about 2.5 times as many ITL gaps. */
    private static final int REQUESTS_PER_DISTRIBUTION = 250_000;

    private static final int BATCH = 10_000;
    private static final Duration SPAN = Duration.ofDays(7).plusHours(2);
    private static final Duration OUTAGE_AFTER = Duration.ofDays(2);
    private static final Duration OUTAGE = Duration.ofHours(3);

    enum Distribution {
        LOG_NORMAL(r -> Math.exp(Math.log(250) + 0.8 * gaussian(r)), r -> Math.exp(Math.log(20) + 0.5 * gaussian(r))),
        PARETO(r -> 50 / Math.pow(1 - r.nextDouble(), 1 / 1.2), r -> 5 / Math.pow(1 - r.nextDouble(), 1 / 1.5)),
        BIMODAL(
                r -> r.nextDouble() < 0.7 ? 60 + 5 * gaussian(r) : 900 + 50 * gaussian(r),
                r -> r.nextDouble() < 0.8 ? 15 + gaussian(r) : 120 + 10 * gaussian(r)),
        CONSTANT(r -> 180.0, r -> 18.0);

        final ToDoubleFunction<SplittableRandom> ttft;
        final ToDoubleFunction<SplittableRandom> gap;

        Distribution(ToDoubleFunction<SplittableRandom> ttft, ToDoubleFunction<SplittableRandom> gap) {
            this.ttft = ttft;
            this.gap = gap;
        }
    }

    /** A requested window, ending {@code endsAgo} before now, and the step the answer must have. */
    private record Query(
            Duration length, Duration endsAgo, @Nullable String step, long stepSeconds) {}

    private static final List<Query> QUERIES = List.of(
            new Query(Duration.ofHours(1), Duration.ZERO, null, 60),
            new Query(Duration.ofHours(1), Duration.ZERO, "300", 300),
            new Query(Duration.ofHours(6), Duration.ZERO, "60", 60),
            new Query(Duration.ofHours(6), Duration.ZERO, "PT30M", 1800),
            new Query(Duration.ofHours(24), Duration.ZERO, null, 300),
            new Query(Duration.ofHours(24), Duration.ZERO, "1800", 1800),
            new Query(Duration.ofHours(24), Duration.ZERO, "PT2H", 7200),
            new Query(Duration.ofDays(7), Duration.ZERO, null, 1800),
            new Query(Duration.ofDays(7), Duration.ZERO, "7200", 7200),
            new Query(SPAN.plusHours(1), Duration.ZERO, "PT6H", 21_600),
            new Query(
                    Duration.ofDays(3).minusMinutes(18).minusSeconds(13),
                    Duration.ofDays(2).plusMinutes(11),
                    "300",
                    300),
            new Query(Duration.ofHours(30).plusSeconds(1), Duration.ofDays(4).plusSeconds(7), "5400", 5400));

    @ParameterizedTest
    @EnumSource(Distribution.class)
    void every_interval_of_every_window_meets_the_accuracy_contract(Distribution distribution) throws Exception {
        String deployment = tenant.deployment(distribution.name().toLowerCase().replace('_', '-'));
        Instant end = clock.instant().minus(Duration.ofMinutes(1));
        Generated generated = generate(distribution, end.minus(SPAN), end);

        ingest(deployment, generated.batches());

        assertThat(generated.sent().size()).isEqualTo(REQUESTS_PER_DISTRIBUTION);
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(REQUESTS_PER_DISTRIBUTION);
        for (Query query : QUERIES) {
            Instant to = clock.instant().minus(query.endsAgo());
            Instant from = to.minus(query.length());
            DeploymentMetrics answer = api.metrics(key, deployment, from, to, query.step());
            MetricsAccuracy.assertMatches(answer, generated.sent(), from, to, query.stepSeconds());
        }
    }

    private record Generated(SentRequests sent, List<List<RequestSampleJson>> batches) {}

    /**
     * Requests at random times in {@code [start, end)} except a three-hour outage, in time order. Each run of
     * {@code 2 × BATCH} requests is dealt into two batches, so the second merges into the rollups of the first.
     * About 2 % fail; half the ok requests send their token gaps, the others only the mean gap.
     */
    private static Generated generate(Distribution distribution, Instant start, Instant end) {
        SplittableRandom random = new SplittableRandom(distribution.ordinal() + 1);
        long[] times = new long[REQUESTS_PER_DISTRIBUTION];
        long outageStart = start.plus(OUTAGE_AFTER).toEpochMilli();
        long span = Duration.between(start, end).minus(OUTAGE).toMillis();
        for (int i = 0; i < times.length; i++) {
            long t = start.toEpochMilli() + random.nextLong(span);
            times[i] = t < outageStart ? t : t + OUTAGE.toMillis();
        }
        Arrays.sort(times);
        SentRequests sent = new SentRequests();
        List<List<RequestSampleJson>> batches = new ArrayList<>();
        List<RequestSampleJson> even = new ArrayList<>();
        List<RequestSampleJson> odd = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            (i % 2 == 0 ? even : odd).add(request(distribution, random, i, Instant.ofEpochMilli(times[i]), sent));
            if (even.size() + odd.size() == 2 * BATCH || i == times.length - 1) {
                batches.add(even);
                batches.add(odd);
                even = new ArrayList<>();
                odd = new ArrayList<>();
            }
        }
        return new Generated(sent, batches);
    }

    private static RequestSampleJson request(
            Distribution distribution, SplittableRandom random, int i, Instant ts, SentRequests sent) {
        String id = "req-" + i;
        int input = random.nextInt(1, 8_000);
        if (random.nextInt(50) == 0) {
            String status = List.of("error", "timeout", "cancelled").get(random.nextInt(3));
            sent.failed(ts, input, 0);
            return RequestSampleJson.failed(id, ts, status).tokens(input, 0);
        }
        int output = random.nextInt(1, 7);
        double ttft = millis(distribution.ttft.applyAsDouble(random));
        if (i % 2 == 0) {
            double[] gaps = new double[output - 1];
            double decode = 0;
            for (int g = 0; g < gaps.length; g++) {
                gaps[g] = millis(distribution.gap.applyAsDouble(random));
                decode += gaps[g];
            }
            double e2e = millis(ttft + decode);
            sent.ok(ts, ttft, e2e, gaps, input, output);
            return RequestSampleJson.ok(id, ts).ttft(ttft).e2e(e2e).itl(gaps).tokens(input, output);
        }
        double tpot = millis(distribution.gap.applyAsDouble(random));
        double e2e = millis(ttft + tpot * (output - 1));
        sent.ok(ts, ttft, e2e, tpot, input, output);
        return RequestSampleJson.ok(id, ts).ttft(ttft).e2e(e2e).tpot(tpot).tokens(input, output);
    }

    /**
     * Sends the batches over two connections, each taking every other pair of batches; every other batch is
     * gzip-compressed, as gateways may do.
     */
    private void ingest(String deployment, List<List<RequestSampleJson>> batches) throws Exception {
        try (ExecutorService senders = Executors.newFixedThreadPool(2)) {
            List<Future<Integer>> accepted = new ArrayList<>();
            for (int sender = 0; sender < 2; sender++) {
                int first = sender;
                accepted.add(senders.submit(() -> {
                    int total = 0;
                    for (int pair = first; 2 * pair < batches.size(); pair += 2) {
                        total += send(deployment, batches.get(2 * pair), false);
                        total += send(deployment, batches.get(2 * pair + 1), true);
                    }
                    return total;
                }));
            }
            int total = 0;
            for (Future<Integer> sender : accepted) {
                total += sender.get(10, TimeUnit.MINUTES);
            }
            assertThat(total).isEqualTo(REQUESTS_PER_DISTRIBUTION);
        }
    }

    /**
     * Sends one batch, again after a 503 as the answer asks (the database was busy and nothing was stored: on a
     * loaded machine the two senders' batches can wait on each other's rollup rows past the statement timeout).
     */
    private int send(String deployment, List<RequestSampleJson> batch, boolean gzip) {
        byte[] body = api.batch(deployment, batch);
        HttpApi.Answer answer = post(body, gzip);
        for (int retry = 0; retry < 5 && answer.status() == 503; retry++) {
            answer = post(body, gzip);
        }
        IngestResult result = api.accepted(answer);
        assertThat(result.rejected()).as("rejections: %s", result.errors()).isZero();
        assertThat(result.duplicates()).isZero();
        return result.accepted();
    }

    private HttpApi.Answer post(byte[] body, boolean gzip) {
        return gzip
                ? api.post(
                        HttpApi.INGEST_REQUESTS,
                        key,
                        HttpApi.JSON,
                        BodyPublishers.ofByteArray(HttpApi.gzip(body)),
                        Map.of("Content-Encoding", "gzip"))
                : api.post(HttpApi.INGEST_REQUESTS, key, HttpApi.JSON, body);
    }

    /** Latencies go over the wire with microsecond resolution, and what was sent is exactly what is compared. */
    private static double millis(double value) {
        return Math.max(0, Math.round(value * 1000) / 1000.0);
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
