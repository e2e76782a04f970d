package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A gateway as the API expects one to behave: it records every batch answered 2xx and resends every other one
 * (error answers, refused connections, timeouts) until it is acknowledged.
 */
final class Gateway {

    /** The status counted for a call whose connection failed. */
    static final int NO_ANSWER = 0;
    /** The status counted for a call that had no answer within the client's timeout. */
    static final int GAVE_UP = -1;

    private static final Pattern DUPLICATES = Pattern.compile("\"duplicates\":(\\d+)");
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration GIVE_UP = Duration.ofMinutes(8);

    private final URI ingest;
    private final String key;
    private final NumberedBatches batches;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();
    private final Map<Integer, AtomicInteger> answers = new ConcurrentHashMap<>();
    private final AtomicLong slowestNanos = new AtomicLong();

    Gateway(String baseUrl, String key, NumberedBatches batches) {
        this.ingest = URI.create(baseUrl + "/api/v1/ingest/requests");
        this.key = key;
        this.batches = batches;
    }

    /** Sends the batches from {@code threads} senders, resending each until it is acknowledged. */
    CompletableFuture<Void> sendUntilAcknowledged(List<Integer> numbers, int threads) {
        Queue<Integer> pending = new ConcurrentLinkedQueue<>(numbers);
        ExecutorService senders = Executors.newFixedThreadPool(threads);
        long giveUp = System.nanoTime() + GIVE_UP.toNanos();
        List<CompletableFuture<Void>> workers = new ArrayList<>();
        for (int thread = 0; thread < threads; thread++) {
            workers.add(CompletableFuture.runAsync(() -> drain(pending, giveUp), senders));
        }
        return CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new))
                .whenComplete((done, failure) -> senders.shutdown());
    }

    /** Sends each batch once, in order, and returns how many of its samples each answer called duplicates. */
    List<Integer> sendOnce(List<Integer> numbers) throws IOException, InterruptedException {
        List<Integer> duplicates = new ArrayList<>();
        for (int batch : numbers) {
            HttpResponse<String> answer = post(batch);
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("batch " + batch + " answered " + answer.statusCode());
            }
            Matcher matcher = DUPLICATES.matcher(answer.body());
            duplicates.add(matcher.find() ? Integer.parseInt(matcher.group(1)) : -1);
        }
        return duplicates;
    }

    void awaitAcknowledged(int count) {
        await().atMost(Duration.ofMinutes(3)).untilAsserted(() -> assertThat(acknowledged.size())
                .as("batches acknowledged; answers by status %s", answers)
                .isGreaterThanOrEqualTo(count));
    }

    int acknowledged() {
        return acknowledged.size();
    }

    /**
     * Calls answered, by HTTP status; {@link #NO_ANSWER} counts calls whose connection failed (the application was
     * down), {@link #GAVE_UP} calls the client stopped waiting for.
     */
    Map<Integer, Integer> answersByStatus() {
        Map<Integer, Integer> counts = new TreeMap<>();
        answers.forEach((status, count) -> counts.put(status, count.get()));
        return counts;
    }

    /** For the log only: how long an answer takes is for the benchmarks, not for a test to assert. */
    Duration slowestAnswer() {
        return Duration.ofNanos(slowestNanos.get());
    }

    private void drain(Queue<Integer> pending, long giveUp) {
        Integer batch;
        while ((batch = pending.poll()) != null && System.nanoTime() < giveUp) {
            if (sendAndRecord(batch)) {
                acknowledged.add(batch);
            } else {
                pending.add(batch);
                pause(Duration.ofMillis(200));
            }
        }
    }

    private boolean sendAndRecord(int batch) {
        long started = System.nanoTime();
        int status;
        try {
            status = post(batch).statusCode();
        } catch (HttpTimeoutException e) {
            status = GAVE_UP;
        } catch (IOException e) {
            status = NO_ANSWER;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        slowestNanos.accumulateAndGet(System.nanoTime() - started, Math::max);
        answers.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
        return status >= 200 && status < 300;
    }

    private HttpResponse<String> post(int batch) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(ingest)
                .timeout(CALL_TIMEOUT)
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(batches.body(batch)))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
