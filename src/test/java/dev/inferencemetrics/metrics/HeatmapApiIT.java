package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** The heatmap through the API: counts per interval and bucket match what was ingested; refusals as /metrics. */
class HeatmapApiIT extends ApiIntegrationTest {

    private String deployment;
    private String metrics;
    private Instant minute;

    HeatmapApiIT() {
        super("heatmap");
    }

    /**
     * Minute one: 20 fast (TTFT 50 ms, 500-token prompts) and 10 slow (2 s, 8,000-token prompts) requests, the slow
     * ones in a second batch so the stored rollup is merged; minute two: 5 fast; minute three: none.
     */
    @BeforeAll
    void threeMinutesOfRequests() {
        deployment = tenant.deployment("bimodal");
        metrics = tenant.key(ApiScope.METRICS_READ);
        minute = clock.instant().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.MINUTES);
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            samples.add(request("fast-" + i, minute.plusSeconds(i), 50));
        }
        for (int i = 0; i < 5; i++) {
            samples.add(request("later-" + i, minute.plusSeconds(60 + i), 50));
        }
        api.ingestRequests(key, deployment, samples);
        List<RequestSampleJson> slow = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            slow.add(request("slow-" + i, minute.plusSeconds(30 + i), 2_000).tokens(8_000, 300));
        }
        slow.add(RequestSampleJson.failed("failed", minute.plusSeconds(50), "error"));
        api.ingestRequests(key, deployment, slow);
    }

    @Test
    void each_interval_counts_its_requests_in_the_bucket_of_their_latency_with_p50_and_p99() {
        JsonNode heatmap = heatmap("metric=ttft&step=60").json();

        assertThat(heatmap.path("metric").asString()).isEqualTo("ttft");
        assertThat(heatmap.path("stepSeconds").asLong()).isEqualTo(60);
        JsonNode bounds = heatmap.path("bounds");
        assertThat(bounds.size()).isEqualTo(HeatmapBucketing.BUCKETS + 1);
        JsonNode columns = heatmap.path("columns");
        assertThat(columns.size()).isEqualTo(3);
        JsonNode first = columns.get(0);
        assertThat(first.path("t").asString()).isEqualTo(minute.toString());
        assertThat(first.path("count").asLong()).isEqualTo(30);
        assertThat(countAt(first, bounds, 50)).isEqualTo(20);
        assertThat(countAt(first, bounds, 2_000)).isEqualTo(10);
        assertThat(first.path("p50").asDouble()).isCloseTo(50, withPercentage(1));
        assertThat(first.path("p99").asDouble()).isCloseTo(2_000, withPercentage(1));
        assertThat(countAt(columns.get(1), bounds, 50)).isEqualTo(5);
        assertThat(columns.get(2).path("count").asLong()).isZero();
        assertThat(columns.get(2).path("p50").isNull()).isTrue();
        assertThat(heatmap.path("maxCount").asLong()).isEqualTo(20);
    }

    @Test
    void the_input_token_heatmap_shows_the_long_prompts_of_the_ok_requests_as_their_own_band() {
        JsonNode heatmap = heatmap("metric=input&step=60").json();

        assertThat(heatmap.path("unit").asString()).isEqualTo("TOKENS");
        JsonNode bounds = heatmap.path("bounds");
        JsonNode first = heatmap.path("columns").get(0);
        assertThat(first.path("count").asLong()).isEqualTo(30);
        assertThat(countAt(first, bounds, 500)).isEqualTo(20);
        assertThat(countAt(first, bounds, 8_000)).isEqualTo(10);
        assertThat(first.path("p99").asDouble()).isCloseTo(8_000, withPercentage(1));
        assertThat(countAt(heatmap.path("columns").get(1), bounds, 500)).isEqualTo(5);
    }

    @Test
    void the_output_token_heatmap_counts_output_tokens() {
        JsonNode heatmap = heatmap("metric=output&step=60").json();

        JsonNode first = heatmap.path("columns").get(0);
        assertThat(countAt(first, heatmap.path("bounds"), 100)).isEqualTo(20);
        assertThat(countAt(first, heatmap.path("bounds"), 300)).isEqualTo(10);
    }

    @Test
    void the_e2e_heatmap_counts_end_to_end_latencies_and_the_itl_heatmap_token_gaps() {
        JsonNode e2e = heatmap("metric=e2e&step=60").json();
        JsonNode requests = e2e.path("columns").get(0);
        assertThat(countAt(requests, e2e.path("bounds"), 5_050)).isEqualTo(20);
        assertThat(countAt(requests, e2e.path("bounds"), 7_000)).isEqualTo(10);

        JsonNode gaps = heatmap("metric=itl&step=60").json().path("columns").get(0);
        assertThat(gaps.path("count").asLong()).isEqualTo(20 * 99 + 10 * 299);
        assertThat(gaps.path("p50").asDouble()).isCloseTo(10, withPercentage(1));
    }

    @Test
    void a_window_without_requests_has_no_bounds() {
        Instant old = minute.minus(Duration.ofHours(3));

        JsonNode heatmap = api.get(path(deployment) + "?from=" + old + "&to=" + old.plusSeconds(300), metrics)
                .json();

        assertThat(heatmap.path("bounds").size()).isZero();
        assertThat(heatmap.path("columns").size()).isEqualTo(5);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "metric=latency|metric must be one of ttft, itl, e2e, input, output",
                "step=PT30S|step must be a whole number of minutes (at least 60 seconds)",
                "step=soon|step must be an ISO-8601 duration (PT5M) or a number of seconds (300)"
            })
    void a_bad_metric_or_step_is_a_400_with_the_reason(String query, String reason) {
        Answer answer = heatmap(query);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo(reason);
    }

    @Test
    void a_window_ending_before_it_starts_is_a_400() {
        Answer answer = api.get(path(deployment) + "?from=" + minute + "&to=" + minute.minusSeconds(60), metrics);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo("from must be before to");
    }

    @Test
    void an_unknown_deployment_is_a_404_and_another_tenants_a_403() {
        TestTenant other = TestTenant.create(context, "heatmap-other");

        assertThat(api.get(path("no-such-deployment"), metrics).status()).isEqualTo(404);
        assertThat(api.get(path(other.deployment("theirs")), metrics).status()).isEqualTo(403);
    }

    @Test
    void a_key_without_metrics_read_is_a_403() {
        assertThat(api.get(path(deployment), tenant.key(ApiScope.INGEST)).status())
                .isEqualTo(403);
    }

    private static RequestSampleJson request(String id, Instant ts, double ttftMs) {
        return RequestSampleJson.ok(id, ts)
                .ttft(ttftMs)
                .e2e(ttftMs + 5_000)
                .tpot(10)
                .tokens(500, 100);
    }

    /** The count of the bucket that holds {@code value}. */
    private static long countAt(JsonNode column, JsonNode bounds, double value) {
        for (int i = 0; i < bounds.size() - 1; i++) {
            if (bounds.get(i).asDouble() <= value && value < bounds.get(i + 1).asDouble()) {
                return column.path("counts").get(i).asLong();
            }
        }
        throw new AssertionError(value + " lies outside the bounds");
    }

    private Answer heatmap(String query) {
        return api.get(path(deployment) + "?from=" + minute + "&to=" + minute.plusSeconds(180) + "&" + query, metrics);
    }

    private static String path(String slug) {
        return "/api/v1/deployments/" + slug + "/heatmap";
    }
}
