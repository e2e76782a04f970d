package dev.inferencemetrics.deployment;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.FleetOverviewService;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.core.userdetails.UserDetailsService;
import tools.jackson.databind.JsonNode;

/**
 * Archiving end to end, over real HTTP: an archived deployment (or one of an archived tenant) refuses samples with 409
 * and stores nothing, drops out of the fleet overview and the API's list, keeps its usage; restoring undoes it all.
 */
class DeploymentArchiveIT extends ApiIntegrationTest {

    @Autowired
    DeploymentService deployments;

    @Autowired
    TenantService tenants;

    @Autowired
    FleetOverviewService fleet;

    @Autowired
    UserDetailsService users;

    long operatorId;

    DeploymentArchiveIT() {
        super("archive-it");
    }

    @BeforeAll
    void signInAsTheOperator() {
        operatorId = ((SignedInUser) users.loadUserByUsername("operator")).userId();
    }

    @Test
    void an_archived_deployment_refuses_samples_with_409_and_stores_nothing_until_it_is_restored() {
        String slug = tenant.deployment("refuses");
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        api.ingestRequests(key, slug, samples("before", now, 3));

        deployments.archive(TenantScope.allTenants(), operatorId, slug);
        HttpApi.Answer refused =
                api.post(HttpApi.INGEST_REQUESTS, key, HttpApi.JSON, api.batch(slug, samples("while", now, 5)));

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.header("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(refused.detail()).startsWith("deployment archived");
        assertThat(tenant.storedRequestSamples(slug)).isEqualTo(3);

        deployments.restore(TenantScope.allTenants(), operatorId, slug);

        assertThat(api.ingestRequests(key, slug, samples("after", now, 2)).accepted())
                .isEqualTo(2);
        assertThat(tenant.storedRequestSamples(slug)).isEqualTo(5);
    }

    @Test
    void kv_cache_readings_and_benchmark_imports_for_an_archived_deployment_are_refused_too() {
        String slug = tenant.deployment("refuses-kv");
        deployments.archive(TenantScope.allTenants(), operatorId, slug);
        String reading = "{\"deployment\":\"" + slug + "\",\"samples\":[{\"ts\":\"" + clock.instant()
                + "\",\"replica\":\"pod-0\",\"usagePct\":12.5}]}";
        String llmperfRun = "[{\"error_code\":null,\"ttft_s\":0.4,\"end_to_end_latency_s\":2.9,"
                + "\"inter_token_latency_s\":0.02,\"number_input_tokens\":550,\"number_output_tokens\":151}]";

        HttpApi.Answer kv = api.post(HttpApi.INGEST_KV_CACHE, key, HttpApi.JSON, reading.getBytes(UTF_8));
        HttpApi.Answer benchmark = api.post(
                "/api/v1/ingest/benchmark?deployment=" + slug + "&format=llmperf",
                key,
                HttpApi.JSON,
                llmperfRun.getBytes(UTF_8));

        assertThat(kv.status()).isEqualTo(409);
        assertThat(benchmark.status()).isEqualTo(409);
        assertThat(tenant.storedKvSamples(slug)).isZero();
        assertThat(tenant.storedRequestSamples(slug)).isZero();
    }

    @Test
    void an_archived_deployment_leaves_the_fleet_overview_and_the_api_list_unless_archived_ones_are_asked_for() {
        String slug = tenant.deployment("hidden");
        TenantScope scope = TenantScope.tenant(tenant.id());

        deployments.archive(TenantScope.allTenants(), operatorId, slug);

        assertThat(fleet.lastHour(scope)).extracting(FleetRow::slug).doesNotContain(slug);
        assertThat(fleet.lastHour(scope, true)).extracting(FleetRow::slug).contains(slug);
        assertThat(listed("/api/v1/deployments")).doesNotContain(slug);
        assertThat(listed("/api/v1/deployments?archived=true")).contains(slug);
        assertThat(archivedAtOf(slug)).isNotBlank();

        deployments.restore(TenantScope.allTenants(), operatorId, slug);

        assertThat(fleet.lastHour(scope)).extracting(FleetRow::slug).contains(slug);
        assertThat(listed("/api/v1/deployments")).contains(slug);
    }

    @Test
    void usage_of_a_past_period_is_the_same_before_and_after_archiving() {
        String slug = tenant.deployment("billed");
        LocalDate day = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).minusDays(2);
        Instant noon = day.atTime(12, 0).toInstant(ZoneOffset.UTC);
        api.ingestRequests(key, slug, samples("billed", noon, 4));
        String period = "/api/v1/usage?format=csv&from=" + day + "&to=" + day.plusDays(1);
        String before = api.get(period, key).body();

        deployments.archive(TenantScope.allTenants(), operatorId, slug);

        assertThat(before).contains(slug);
        assertThat(api.get(period, key).body()).isEqualTo(before);
    }

    @Test
    void archiving_a_tenant_hides_its_deployments_and_refuses_their_samples_until_it_is_restored() {
        TestTenant other = TestTenant.create(context, "archive-it-tenant");
        String slug = other.deployment("gateway");
        String otherKey = other.fullKey();
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);

        tenants.archive(TenantScope.allTenants(), operatorId, other.id());

        assertThat(api.post(HttpApi.INGEST_REQUESTS, otherKey, HttpApi.JSON, api.batch(slug, samples("t", now, 1)))
                        .status())
                .isEqualTo(409);
        assertThat(other.storedRequestSamples(slug)).isZero();
        assertThat(fleet.lastHour(TenantScope.tenant(other.id()))).isEmpty();
        assertThat(deployments.require(TenantScope.allTenants(), slug).archivedAt())
                .as("the deployment itself is not archived")
                .isNull();

        tenants.restore(TenantScope.allTenants(), operatorId, other.id());

        assertThat(api.ingestRequests(otherKey, slug, samples("t", now, 1)).accepted())
                .isEqualTo(1);
        assertThat(fleet.lastHour(TenantScope.tenant(other.id())))
                .extracting(FleetRow::slug)
                .containsExactly(slug);
    }

    private List<String> listed(String path) {
        HttpApi.Answer answer = api.get(path, key);
        assertThat(answer.status()).as("%s", answer).isEqualTo(200);
        return answer.json()
                .valueStream()
                .map(item -> item.path("slug").asString())
                .toList();
    }

    private String archivedAtOf(String slug) {
        return api.get("/api/v1/deployments?archived=true", key)
                .json()
                .valueStream()
                .filter(item -> item.path("slug").asString().equals(slug))
                .map(item -> item.path("archivedAt"))
                .map(JsonNode::asString)
                .findFirst()
                .orElseThrow();
    }

    private static List<RequestSampleJson> samples(String prefix, Instant at, int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> RequestSampleJson.ok(prefix + "-" + i, at.minusSeconds(i)))
                .toList();
    }
}
