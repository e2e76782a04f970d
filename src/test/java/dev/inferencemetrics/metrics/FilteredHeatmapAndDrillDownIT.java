package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The heatmap and the requests of an interval narrowed to one consumer (or adapter), as the deployment page reads
 * them when a breakdown row is clicked: exactly that value's requests, from its rollups and its raw samples.
 */
class FilteredHeatmapAndDrillDownIT extends ApiIntegrationTest {

    private String deployment;
    private String metrics;
    private Instant minute;

    FilteredHeatmapAndDrillDownIT() {
        super("filtered-reads");
    }

    /**
     * In one minute: 12 requests of consumer acme at 2 s TTFT through adapter sql-lora, 8 of consumer beta at 50 ms,
     * and 5 that name no consumer at 50 ms.
     */
    @BeforeAll
    void oneMinuteOfTwoConsumers() {
        deployment = tenant.deployment("shared");
        metrics = tenant.key(ApiScope.METRICS_READ);
        minute = clock.instant().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.MINUTES);
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            samples.add(request("acme-" + i, minute.plusSeconds(i), 2_000)
                    .set("consumer", "acme")
                    .set("adapter", "sql-lora"));
        }
        for (int i = 0; i < 8; i++) {
            samples.add(request("beta-" + i, minute.plusSeconds(20 + i), 50).set("consumer", "beta"));
        }
        for (int i = 0; i < 5; i++) {
            samples.add(request("anon-" + i, minute.plusSeconds(40 + i), 50));
        }
        assertThat(api.ingestRequests(key, deployment, samples).rejected()).isZero();
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    @Test
    void the_heatmap_of_one_consumer_counts_its_requests_alone_in_the_bucket_of_their_latency() {
        JsonNode all = heatmap("").json();
        JsonNode acme = heatmap("&consumer=acme").json();
        JsonNode beta = heatmap("&consumer=beta").json();
        JsonNode lora = heatmap("&adapter=sql-lora").json();

        assertThat(first(all).path("count").asLong()).isEqualTo(25);
        assertThat(first(acme).path("count").asLong()).isEqualTo(12);
        assertThat(countWithin(first(acme), acme.path("bounds"), 1_000, 4_000)).isEqualTo(12);
        assertThat(first(beta).path("count").asLong()).isEqualTo(8);
        assertThat(countWithin(first(beta), beta.path("bounds"), 25, 100)).isEqualTo(8);
        assertThat(first(lora).path("count").asLong()).isEqualTo(12);
        assertThat(heatmap("&consumer=nobody")
                        .json()
                        .path("columns")
                        .get(0)
                        .path("count")
                        .asLong())
                .isZero();
    }

    @Test
    void the_requests_of_an_interval_narrowed_to_a_consumer_are_its_requests_alone() {
        List<String> acme = ids(requests("&consumer=acme&limit=100").json());
        List<String> beta = ids(requests("&consumer=beta&limit=100").json());

        assertThat(acme).hasSize(12).allMatch(id -> id.startsWith("acme-"));
        assertThat(beta).hasSize(8).allMatch(id -> id.startsWith("beta-"));
        assertThat(ids(requests("&limit=100").json())).hasSize(25);
        assertThat(ids(requests("&adapter=sql-lora&limit=100").json())).containsExactlyInAnyOrderElementsOf(acme);
    }

    @Test
    void pages_of_a_narrowed_interval_follow_the_cursor_through_its_requests_once() {
        JsonNode first = requests("&consumer=acme&limit=5").json();
        JsonNode second = requests(
                        "&consumer=acme&limit=5&after=" + first.path("next").asString())
                .json();
        JsonNode third = requests(
                        "&consumer=acme&limit=5&after=" + second.path("next").asString())
                .json();

        List<String> seen = new ArrayList<>(ids(first));
        seen.addAll(ids(second));
        seen.addAll(ids(third));
        assertThat(seen).hasSize(12).doesNotHaveDuplicates().allMatch(id -> id.startsWith("acme-"));
        assertThat(third.path("next").isNull()).isTrue();
    }

    @Test
    void the_csv_of_a_narrowed_interval_holds_its_requests_alone() {
        String[] lines = requests("&consumer=beta&format=csv").body().split("\r\n");

        assertThat(lines).hasSize(1 + 8);
        assertThat(List.of(lines).subList(1, lines.length)).allMatch(line -> line.startsWith("beta-"));
    }

    @Test
    void an_unusable_or_second_filter_is_a_400_with_the_reason() {
        Answer credential = heatmap("&consumer=sk-live-123");
        Answer two = requests("&consumer=acme&priority=batch");

        assertThat(credential.status()).isEqualTo(400);
        assertThat(credential.detail()).startsWith("consumer looks like a credential");
        assertThat(two.status()).isEqualTo(400);
        assertThat(two.detail()).isEqualTo("filter by one of consumer, adapter and priority at a time");
    }

    private static RequestSampleJson request(String id, Instant ts, double ttftMs) {
        return RequestSampleJson.ok(id, ts)
                .ttft(ttftMs)
                .e2e(ttftMs + 1_000)
                .tpot(10)
                .tokens(200, 100);
    }

    private Answer heatmap(String query) {
        return api.get(
                "/api/v1/deployments/" + deployment + "/heatmap?metric=ttft&step=60&from=" + minute + "&to="
                        + minute.plusSeconds(60) + query,
                metrics);
    }

    private Answer requests(String query) {
        return api.get(
                "/api/v1/deployments/" + deployment + "/requests?from=" + minute + "&to=" + minute.plusSeconds(60)
                        + query,
                metrics);
    }

    private static JsonNode first(JsonNode heatmap) {
        return heatmap.path("columns").get(0);
    }

    private static List<String> ids(JsonNode page) {
        return page.path("requests")
                .valueStream()
                .map(row -> row.path("requestId").asString())
                .toList();
    }

    /** The counts of the buckets that lie within {@code [low, high]}. */
    private static long countWithin(JsonNode column, JsonNode bounds, double low, double high) {
        long count = 0;
        for (int i = 0; i < bounds.size() - 1; i++) {
            if (low <= bounds.get(i).asDouble() && bounds.get(i + 1).asDouble() <= high) {
                count += column.path("counts").get(i).asLong();
            }
        }
        return count;
    }
}
