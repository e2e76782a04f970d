package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** The raw requests of an interval through the API: order, keyset pages, CSV, refusals and past retention. */
class RequestDrillDownIT extends ApiIntegrationTest {

    private String deployment;
    private String metrics;
    private Instant minute;

    RequestDrillDownIT() {
        super("drill-down");
    }

    /** 30 requests in one minute, TTFT 100…390 ms in a shuffled order, every third with a queue time; one failed. */
    @BeforeAll
    void aMinuteOfRequests() {
        deployment = tenant.deployment("burst");
        metrics = tenant.key(ApiScope.METRICS_READ);
        minute = clock.instant().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.MINUTES);
        List<RequestSampleJson> samples = new ArrayList<>(IntStream.range(0, 30)
                .mapToObj(i -> {
                    int rank = (i * 7) % 30;
                    RequestSampleJson sample = RequestSampleJson.ok("req-" + rank, minute.plusSeconds(i))
                            .ttft(100 + 10 * rank)
                            .e2e(2_000 + 10 * rank)
                            .tpot(20)
                            .tokens(500 + rank, 100);
                    return rank % 3 == 0 ? sample.set("queueMs", 50) : sample;
                })
                .toList());
        samples.add(RequestSampleJson.failed("req-failed", minute.plusSeconds(45), "timeout"));
        api.ingestRequests(key, deployment, samples);
        // outside the interval: never listed
        api.ingestRequests(
                key,
                deployment,
                List.of(RequestSampleJson.ok("req-later", minute.plusSeconds(60))
                        .ttft(9_000)
                        .e2e(9_500)));
    }

    @Test
    void the_slowest_ttft_comes_first_with_every_column() {
        JsonNode page = page("limit=3").json();

        assertThat(ids(page)).containsExactly("req-29", "req-28", "req-27");
        JsonNode first = page.path("requests").get(0);
        assertThat(first.path("ttftMs").asDouble()).isEqualTo(390.0);
        assertThat(first.path("e2eMs").asDouble()).isEqualTo(2_290.0);
        assertThat(first.path("itlMs").asDouble()).isEqualTo(20.0);
        assertThat(first.path("inputTokens").asInt()).isEqualTo(529);
        assertThat(first.path("outputTokens").asInt()).isEqualTo(100);
        assertThat(first.path("status").asString()).isEqualTo("ok");
        assertThat(first.path("queueMs").isNull()).isTrue();
        assertThat(page.path("requests").get(2).path("queueMs").asDouble()).isEqualTo(50.0);
        assertThat(page.path("rawAvailable").asBoolean()).isTrue();
    }

    @Test
    void pages_follow_the_cursor_through_every_request_of_the_interval_once() {
        List<String> seen = new ArrayList<>();
        String after = null;
        int pages = 0;
        do {
            JsonNode page =
                    page("limit=7" + (after == null ? "" : "&after=" + after)).json();
            assertThat(page.path("requests").size()).isLessThanOrEqualTo(7);
            seen.addAll(ids(page));
            after = page.path("next").isNull() ? null : page.path("next").asString();
            pages++;
        } while (after != null);

        assertThat(pages).isEqualTo(5);
        assertThat(seen).hasSize(31).doesNotHaveDuplicates().doesNotContain("req-later");
        // the failed request has no TTFT, so it sorts last
        assertThat(seen.getLast()).isEqualTo("req-failed");
        assertThat(seen.subList(0, 30))
                .containsExactlyElementsOf(
                        IntStream.range(0, 30).mapToObj(i -> "req-" + (29 - i)).toList());
    }

    @Test
    void ascending_by_time_lists_the_requests_as_they_arrived() {
        JsonNode page = page("sort=time&order=asc&limit=3").json();

        assertThat(ids(page)).containsExactly("req-0", "req-7", "req-14");
    }

    @Test
    void the_csv_export_holds_every_request_of_the_interval_in_order() {
        Answer csv = page("format=csv&sort=input");

        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.header("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
        String[] lines = csv.body().split("\r\n");
        assertThat(lines).hasSize(32);
        assertThat(lines[0])
                .isEqualTo("request_id,time,status,ttft_ms,itl_ms,e2e_ms,queue_ms,input_tokens,output_tokens");
        assertThat(lines[1]).isEqualTo("req-29," + minute.plusSeconds(17) + ",ok,390.000,20.000,2290.000,,529,100");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "PT61M|ttft|50|a drill-down spans at most 1 hour of requests; pick a narrower interval",
                "PT0S|ttft|50|from must be before to",
                "PT1M|latency|50|sort must be one of ttft, itl, e2e, queue, time, input, output",
                "PT1M|ttft|0|limit must be between 1 and 1000",
                "PT1M|ttft|1001|limit must be between 1 and 1000"
            })
    void a_bad_interval_sort_or_limit_is_a_400_with_the_reason(Duration width, String sort, int limit, String reason) {
        Answer answer = api.get(
                path(deployment) + "?from=" + minute + "&to=" + minute.plus(width) + "&sort=" + sort + "&limit="
                        + limit,
                metrics);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo(reason);
    }

    @Test
    void a_cursor_that_was_not_given_out_is_a_400() {
        Answer answer = page("after=not-a-cursor");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo("after must be the next cursor of a previous page");
    }

    @Test
    void an_unknown_deployment_is_a_404_and_another_tenants_a_403() {
        TestTenant other = TestTenant.create(context, "drill-down-other");

        assertThat(api.get(path("no-such-deployment") + "?from=" + minute + "&to=" + minute.plusSeconds(60), metrics)
                        .status())
                .isEqualTo(404);
        assertThat(api.get(
                                path(other.deployment("theirs")) + "?from=" + minute + "&to=" + minute.plusSeconds(60),
                                metrics)
                        .status())
                .isEqualTo(403);
    }

    @Test
    void past_the_raw_retention_the_answer_says_so_and_carries_the_sketch_distribution() {
        Instant old = clock.instant().minus(Duration.ofDays(20)).truncatedTo(ChronoUnit.MINUTES);

        JsonNode page = api.get(path(deployment) + "?from=" + old + "&to=" + old.plusSeconds(60), metrics)
                .json();

        assertThat(page.path("rawAvailable").asBoolean()).isFalse();
        assertThat(page.path("requests").size()).isZero();
        assertThat(page.path("distribution").path("ttft").path("count").asLong())
                .isZero();
    }

    private Answer page(String query) {
        return api.get(path(deployment) + "?from=" + minute + "&to=" + minute.plusSeconds(60) + "&" + query, metrics);
    }

    private static List<String> ids(JsonNode page) {
        return page.path("requests")
                .valueStream()
                .map(row -> row.path("requestId").asString())
                .toList();
    }

    private static String path(String slug) {
        return "/api/v1/deployments/" + slug + "/requests";
    }
}
