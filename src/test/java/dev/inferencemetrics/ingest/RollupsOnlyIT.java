package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OperatorKey;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A "rollups only" deployment keeps its raw requests for the hours set on it: older ones are removed by the hourly
 * maintenance while its rollups keep counting them, its drill-down says they are gone and shows the distribution,
 * and a resend within the hours is still recognised. Requests the dimension fold has yet to count stay until it has.
 */
class RollupsOnlyIT extends ApiIntegrationTest {

    @Autowired
    DeploymentRawRetention rawRetention;

    @Autowired
    PartitionMaintenance maintenance;

    RollupsOnlyIT() {
        super("rollups-only");
    }

    @Test
    void raw_requests_past_the_deployments_hours_go_while_its_rollups_keep_them() {
        String slug = tenant.deployment("hot");
        rawRetention.set(TenantScope.allTenants(), slug, 1);
        Instant now = clock.instant();
        Instant old = now.minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MINUTES);
        Instant recent = now.minus(Duration.ofMinutes(10)).truncatedTo(ChronoUnit.MINUTES);
        api.ingestRequests(
                key,
                slug,
                List.of(
                        RequestSampleJson.ok("old-1", old.plusSeconds(5)),
                        RequestSampleJson.ok("recent-1", recent.plusSeconds(5))));

        maintenance.deleteRawPastDeploymentRetention();

        assertThat(tenant.storedRequestSamples(slug)).isEqualTo(1);
        JsonNode metrics = api.get(
                        "/api/v1/deployments/" + slug + "/metrics?from=" + old.minus(Duration.ofMinutes(5)) + "&to="
                                + now,
                        key)
                .json();
        assertThat(metrics.get("summary").get("requests").asLong()).isEqualTo(2);
        JsonNode past = drillDown(slug, old);
        assertThat(past.get("rawAvailable").asBoolean()).isFalse();
        assertThat(past.get("distribution").get("requests").asLong()).isEqualTo(1);
        JsonNode kept = drillDown(slug, recent);
        assertThat(kept.get("rawAvailable").asBoolean()).isTrue();
        assertThat(kept.get("requests").get(0).get("requestId").asString()).isEqualTo("recent-1");
        assertThat(api.ingestRequests(key, slug, List.of(RequestSampleJson.ok("recent-1", recent.plusSeconds(5))))
                        .duplicates())
                .as("a resend within the hours kept is recognised")
                .isEqualTo(1);
    }

    @Test
    void raw_requests_naming_a_consumer_stay_past_the_hours_until_the_dimension_fold_has_counted_them() {
        String slug = tenant.deployment("hot-named");
        rawRetention.set(TenantScope.allTenants(), slug, 1);
        Instant old = clock.instant().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MINUTES);
        api.ingestRequests(
                key,
                slug,
                List.of(
                        RequestSampleJson.ok("named-old-1", old.plusSeconds(5)).set("consumer", "acme"),
                        RequestSampleJson.ok("named-old-2", old.plusSeconds(6)).set("consumer", "acme")));

        maintenance.deleteRawPastDeploymentRetention();
        assertThat(tenant.storedRequestSamples(slug))
                .as("kept while their batch waits")
                .isEqualTo(2);

        context.getBean(DimensionDeltaFold.class).foldWaiting();
        maintenance.deleteRawPastDeploymentRetention();
        assertThat(tenant.storedRequestSamples(slug)).as("gone once counted").isZero();
        Answer breakdown = api.get(
                "/api/v1/deployments/" + slug + "/breakdown?dimension=consumer&from=" + old + "&to="
                        + old.plus(Duration.ofHours(1)),
                key);
        assertThat(breakdown.status()).as(breakdown.body()).isEqualTo(200);
        assertThat(breakdown.json().get("values").get(0).get("value").asString())
                .isEqualTo("acme");
        assertThat(breakdown.json().get("values").get(0).get("requests").asLong())
                .isEqualTo(2);
    }

    @Test
    void operators_set_the_hours_through_the_provisioning_api_and_clear_them_with_null() {
        String slug = tenant.deployment("provisioned");
        String admin = OperatorKey.create(context, "operator");

        Answer set = put(admin, slug, "6");
        Answer refused = put(admin, slug, "0");
        Answer cleared = put(admin, slug, "null");

        assertThat(set.status()).isEqualTo(200);
        assertThat(set.json().get("rawRetentionHours").asInt()).isEqualTo(6);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.detail()).contains("between 1 and 8760 hours");
        assertThat(cleared.status()).isEqualTo(200);
        assertThat(cleared.json().get("rawRetentionHours").isNull()).isTrue();
        assertThat(rawRetention.of(TenantScope.allTenants(), slug)).isEmpty();
    }

    private JsonNode drillDown(String slug, Instant minute) {
        Answer answer = api.get(
                "/api/v1/deployments/" + slug + "/requests?from=" + minute + "&to=" + minute.plusSeconds(60), key);
        assertThat(answer.status()).isEqualTo(200);
        return answer.json();
    }

    private Answer put(String admin, String slug, String hours) {
        String body = "{\"tenant\":\"" + tenant.slug() + "\",\"displayName\":\"Provisioned\",\"model\":\"m\","
                + "\"engine\":\"vLLM\",\"region\":\"eu-1\",\"rawRetentionHours\":" + hours + "}";
        return api.put("/api/v1/deployments/" + slug, admin, body.getBytes(StandardCharsets.UTF_8));
    }
}
