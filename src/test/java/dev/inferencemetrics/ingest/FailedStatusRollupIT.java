package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.ErrorsByStatus;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How failed requests ended is rolled up at ingest and summed by the metrics API. */
class FailedStatusRollupIT extends ApiIntegrationTest {

    FailedStatusRollupIT() {
        super("failed-status");
    }

    @Test
    void the_metrics_api_splits_the_windows_failed_requests_by_how_they_ended() {
        String deployment = tenant.deployment("mixed");
        Instant start = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            samples.add(RequestSampleJson.ok("ok-" + i, start.plusSeconds(i * 60L)));
        }
        add(samples, "error", 2, start);
        add(samples, "timeout", 5, start);
        add(samples, "cancelled", 1, start);

        IngestResult first = api.ingestRequests(key, deployment, samples.subList(0, 30));
        IngestResult second = api.ingestRequests(key, deployment, samples.subList(30, samples.size()));
        DeploymentMetrics metrics = api.metrics(key, deployment, start, start.plus(Duration.ofHours(1)), "PT5M");
        Answer answer = api.metricsAnswer(key, deployment, start, start.plus(Duration.ofHours(1)), "PT5M");

        assertThat(first.accepted() + second.accepted()).isEqualTo(48);
        assertThat(metrics.summary().requests()).isEqualTo(48);
        assertThat(metrics.summary().errors()).isEqualTo(8);
        assertThat(metrics.summary().errorsByStatus()).isEqualTo(new ErrorsByStatus(2, 5, 1));
        assertThat(metrics.summary().errorsByStatus().top()).contains("timeout");
        assertThat(answer.json().at("/summary/errorsByStatus/timeout").asLong()).isEqualTo(5);
    }

    /** Failed requests spread over the hour, so they merge into rollup rows that ok requests created. */
    private static void add(List<RequestSampleJson> samples, String status, int count, Instant start) {
        for (int i = 0; i < count; i++) {
            samples.add(RequestSampleJson.failed(status + "-" + i, start.plusSeconds(i * 600L + 30), status));
        }
    }
}
