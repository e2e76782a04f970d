package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** queueMs through the JSON API: optional, checked against TTFT, stored and rolled up into its own percentiles. */
class QueueTimeIngestIT extends ApiIntegrationTest {

    QueueTimeIngestIT() {
        super("queue-time");
    }

    @Test
    void queue_times_are_rolled_up_into_percentiles_of_the_requests_that_report_one() {
        String deployment = tenant.deployment("queued");
        Instant start = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
        List<RequestSampleJson> samples = new ArrayList<>();
        double[] queue =
                IntStream.range(0, 300).mapToDouble(i -> 0.5 + i * i / 1_000.0).toArray();
        for (int i = 0; i < queue.length; i++) {
            samples.add(RequestSampleJson.ok("q-" + i, start.plusSeconds(i * 10L))
                    .ttft(90.0 + queue[i])
                    .set("queueMs", queue[i]));
        }
        samples.add(RequestSampleJson.ok("no-queue", start.plusSeconds(5)));

        IngestResult result = api.ingestRequests(key, deployment, samples);
        DeploymentMetrics metrics = api.metrics(key, deployment, start, start.plus(Duration.ofHours(1)), "PT5M");

        assertThat(result.accepted()).isEqualTo(301);
        assertThat(metrics.summary().ttft().count()).isEqualTo(301);
        assertThat(metrics.summary().queue().count()).isEqualTo(300);
        AccuracyContract.assertQuantile(queue, 0.5, metrics.summary().queue().p50(), "queue p50");
        AccuracyContract.assertQuantile(queue, 0.99, metrics.summary().queue().p99(), "queue p99");
        assertThat(metrics.series().queue().getFirst().count()).isEqualTo(30);
    }

    @Test
    void a_queue_time_longer_than_ttft_or_negative_is_rejected_with_its_reason() {
        String deployment = tenant.deployment("rejects");
        Instant ts = clock.instant().minusSeconds(60);

        IngestResult result = api.ingestRequests(
                key,
                deployment,
                List.of(
                        RequestSampleJson.ok("longer", ts).ttft(80.0).set("queueMs", 81.0),
                        RequestSampleJson.ok("negative", ts).set("queueMs", -1.0),
                        RequestSampleJson.ok("text", ts).set("queueMs", "12")));

        assertThat(result.errors())
                .containsExactly(
                        new Rejection(0, "queueMs must not exceed ttftMs"),
                        new Rejection(1, "queueMs must not be negative"),
                        new Rejection(2, "queueMs must be a number of milliseconds"));
    }
}
