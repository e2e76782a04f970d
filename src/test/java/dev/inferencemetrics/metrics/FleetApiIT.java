package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

class FleetApiIT extends ApiIntegrationTest {

    private String breached;
    private String met2;
    private String met10;
    private String quiet;

    FleetApiIT() {
        super("fleet-api");
    }

    @BeforeAll
    void fourDeploymentsInEveryState() {
        breached = tenant.deployment("a-1");
        met2 = tenant.deployment("a-2");
        met10 = tenant.deployment("a-10");
        quiet = tenant.deployment("a-3");
        send(breached, 900.0, 30);
        send(met2, 80.0, 20);
        send(met10, 90.0, 10);
    }

    @Test
    void the_fleet_is_sorted_by_state_then_by_name_as_people_sort_it_and_holds_the_keys_tenant_only() {
        HttpApi.Answer answer = api.get("/api/v1/fleet", key);

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(slugs(answer)).containsExactly(breached, met2, met10, quiet);
        assertThat(answer.json().path("total").asInt()).isEqualTo(4);
        JsonNode first = answer.json().path("deployments").get(0);
        assertThat(first.path("state").asString()).isEqualTo("breached");
        assertThat(first.path("ttft").path("p95").asDouble())
                .isCloseTo(900.0, org.assertj.core.data.Offset.offset(9.0));
        assertThat(first.path("errorRate").asDouble()).isZero();
        long seconds = Duration.between(
                        Instant.parse(answer.json().path("from").asString()),
                        Instant.parse(answer.json().path("to").asString()))
                .getSeconds();
        assertThat(first.path("requestsPerSecond").asDouble()).isEqualTo(30.0 / seconds);
        assertThat(answer.json().path("deployments").get(3).path("state").asString())
                .isEqualTo("no-data");
    }

    /**
     * The fleet overview keeps one read and pages through it; each page's trends are read under the scope of the
     * call, so a read of one tenant's fleet is paged under that tenant's scope only.
     */
    @Test
    void one_fleet_read_answers_every_page_and_only_under_the_scope_it_was_made_for() {
        FleetOverviewService fleet = context.getBean(FleetOverviewService.class);
        TenantScope own = TenantScope.tenant(tenant.id());
        FleetSelection read = fleet.select(own, FleetQuery.all());

        assertThat(read.total()).isEqualTo(4);
        assertThat(fleet.page(own, read, 0, 3).rows())
                .extracting(FleetRow::slug)
                .containsExactly(breached, met2, met10);
        assertThat(fleet.page(own, read, 3, 3).rows())
                .singleElement()
                .satisfies(row -> assertThat(row.slug()).isEqualTo(quiet))
                .satisfies(row -> assertThat(row.ttftTrend()).hasSizeBetween(12, 13));
        assertThatThrownBy(() -> fleet.page(TenantScope.tenant(tenant.id() + 1), read, 0, 3))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fleet.page(TenantScope.allTenants(), read, 0, 3))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pages_follow_one_another_until_the_last_has_no_next_offset() {
        HttpApi.Answer first = api.get("/api/v1/fleet?limit=3", key);
        HttpApi.Answer second = api.get(
                "/api/v1/fleet?limit=3&offset="
                        + first.json().path("nextOffset").asInt(),
                key);

        assertThat(slugs(first)).containsExactly(breached, met2, met10);
        assertThat(first.json().path("nextOffset").asInt()).isEqualTo(3);
        assertThat(slugs(second)).containsExactly(quiet);
        assertThat(second.json().path("nextOffset").isNull()).isTrue();
        assertThat(second.json().path("total").asInt()).isEqualTo(4);
    }

    @Test
    void text_and_state_filters_narrow_the_fleet_and_count_what_matches() {
        assertThat(slugs(api.get("/api/v1/fleet?q=A-1", key))).containsExactly(breached, met10);
        assertThat(slugs(api.get("/api/v1/fleet?state=met", key))).containsExactly(met2, met10);
        HttpApi.Answer two = api.get("/api/v1/fleet?state=no-data,breached", key);
        assertThat(slugs(two)).containsExactly(breached, quiet);
        assertThat(two.json().path("total").asInt()).isEqualTo(2);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "limit=0|limit must be between 1 and 1000",
                "limit=1001|limit must be between 1 and 1000",
                "limit=ten|limit must be a whole number, not 'ten'",
                "offset=-1|offset must not be negative",
                "state=burning|state must be one of firing, breached, at-risk, met, no-data (not 'burning')"
            })
    void unusable_parameters_are_refused_with_a_plain_reason(String query, String reason) {
        HttpApi.Answer answer = api.get("/api/v1/fleet?" + query, key);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo(reason);
    }

    @Test
    void an_overlong_filter_text_is_refused() {
        HttpApi.Answer answer = api.get("/api/v1/fleet?q=" + "x".repeat(201), key);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo("q may be at most 200 characters");
    }

    private void send(String deployment, double ttftMs, int requests) {
        Instant now = clock.instant();
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            samples.add(RequestSampleJson.ok(deployment + "-" + i, now.minusSeconds(60 + i))
                    .ttft(ttftMs)
                    .e2e(2_000.0));
        }
        api.ingestRequests(key, deployment, samples);
    }

    private static List<String> slugs(HttpApi.Answer answer) {
        List<String> slugs = new ArrayList<>();
        answer.json()
                .path("deployments")
                .forEach(row -> slugs.add(row.path("slug").asString()));
        return slugs;
    }
}
