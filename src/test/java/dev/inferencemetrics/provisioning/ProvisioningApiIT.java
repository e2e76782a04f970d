package dev.inferencemetrics.provisioning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OperatorKey;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** Tenants and deployments created, updated, archived and restored by slug with an operator key. */
class ProvisioningApiIT extends ApiIntegrationTest {

    @Autowired
    OwnerJdbc owner;

    @Autowired
    ApiKeyService apiKeys;

    private String admin;
    private String suffix;

    ProvisioningApiIT() {
        super("provisioning");
    }

    @BeforeAll
    void operatorKey() {
        admin = OperatorKey.create(context, "operator");
        suffix = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    }

    @Test
    void a_tenant_is_created_once_and_the_same_call_again_changes_and_logs_nothing() {
        String slug = "prov-t-" + suffix;

        Answer created = putTenant(slug, "{\"name\":\"Provisioned Co\"}");
        Answer again = putTenant(slug, "{\"name\":\"Provisioned Co\"}");
        Answer renamed = putTenant(slug, "{\"name\":\"Provisioned Company\"}");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("created").asBoolean()).isTrue();
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("name").asString()).isEqualTo("Provisioned Co");
        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.json().get("name").asString()).isEqualTo("Provisioned Company");
        assertThat(owner.jdbc().queryForObject("select count(*) from tenant where slug = ?", Long.class, slug))
                .isEqualTo(1);
        assertThat(auditDetails(tenantId(slug)))
                .containsExactly(
                        "Tenant " + slug + " created as \"Provisioned Co\"",
                        "Renamed from \"Provisioned Co\" to \"Provisioned Company\"");
        assertThat(auditActors(tenantId(slug)))
                .allMatch(actor -> actor.startsWith("API key " + admin.substring(0, 12)));
    }

    @Test
    void a_deployment_is_created_with_its_settings_and_the_same_body_again_is_no_change() {
        String tenantSlug = provisionedTenant();
        String slug = "prov-d-" + suffix;
        String body = deploymentBody(tenantSlug, "Qwen3 Coder", "600", "{\"serviceNames\":[\"qwen-gw\"]}");

        Answer created = putDeployment(slug, body);
        List<String> auditAfterCreation = auditDetails(tenantId(tenantSlug));
        Answer again = putDeployment(slug, body);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().get("created").asBoolean()).isFalse();
        assertThat(again.json().get("tenant").asString()).isEqualTo(tenantSlug);
        assertThat(again.json().get("slo").get("ttftP95Ms").decimalValue()).isEqualByComparingTo("600");
        assertThat(again.json().get("slo").get("itlP95Ms").decimalValue()).isEqualByComparingTo("250");
        assertThat(again.json()
                        .get("prices")
                        .get(0)
                        .get("price")
                        .get("inputPerMtok")
                        .decimalValue())
                .isEqualByComparingTo("0.2");
        assertThat(again.json().get("otlp").get("serviceNames").get(0).asString())
                .isEqualTo("qwen-gw");
        assertThat(auditAfterCreation)
                .filteredOn(detail -> detail.contains(" created: "))
                .singleElement()
                .asString()
                .startsWith("Deployment " + slug + " (id ")
                .contains("displayName=Qwen3 Coder");
        assertThat(auditDetails(tenantId(tenantSlug))).isEqualTo(auditAfterCreation);
        assertThat(owner.jdbc().queryForObject("select count(*) from deployment where slug = ?", Long.class, slug))
                .isEqualTo(1);
    }

    @Test
    void an_update_changes_settings_through_the_editors_rules_and_is_audited_once() {
        String tenantSlug = provisionedTenant();
        String slug = "prov-u-" + suffix;
        putDeployment(slug, deploymentBody(tenantSlug, "Before", "500", null));

        Answer updated = putDeployment(slug, deploymentBody(tenantSlug, "After", "450", null));
        putDeployment(slug, deploymentBody(tenantSlug, "After", "450", null));

        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().get("displayName").asString()).isEqualTo("After");
        assertThat(updated.json().get("slo").get("ttftP95Ms").decimalValue()).isEqualByComparingTo("450");
        assertThat(auditDetails(tenantId(tenantSlug)))
                .filteredOn(detail -> detail.contains(" edited: "))
                .hasSize(1);
    }

    @Test
    void a_price_change_applies_from_the_half_hour_given_and_resending_it_schedules_nothing_new() {
        String tenantSlug = provisionedTenant();
        String slug = "prov-p-" + suffix;
        putDeployment(slug, deploymentBody(tenantSlug, "Priced", "500", null));
        Instant from = clock.instant().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.HOURS);
        String repriced = deploymentBody(tenantSlug, "Priced", "500", null)
                .replace("\"inputPerMtok\":\"0.20\"", "\"inputPerMtok\":\"0.30\",\"effectiveFrom\":\"" + from + "\"");

        Answer first = putDeployment(slug, repriced);
        Answer second = putDeployment(slug, repriced);
        Answer withoutInstant = putDeployment(
                slug, deploymentBody(tenantSlug, "Priced", "500", null).replace("0.20", "0.40"));

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(second.json().get("prices")).hasSize(2);
        assertThat(second.json().get("prices").get(1).get("effectiveFrom").asString())
                .isEqualTo(from.toString());
        assertThat(second.json()
                        .get("prices")
                        .get(1)
                        .get("price")
                        .get("inputPerMtok")
                        .decimalValue())
                .isEqualByComparingTo("0.3");
        assertThat(withoutInstant.status()).isEqualTo(400);
        assertThat(withoutInstant.detail()).contains("price.effectiveFrom is required");
    }

    @Test
    void a_deployment_never_moves_to_another_tenant() {
        String first = provisionedTenant();
        String second = provisionedTenant();
        String slug = "prov-m-" + suffix;
        putDeployment(slug, deploymentBody(first, "Stays", "500", null));

        Answer moved = putDeployment(slug, deploymentBody(second, "Stays", "500", null));

        assertThat(moved.status()).isEqualTo(409);
        assertThat(moved.detail()).contains("never changes tenant");
    }

    @Test
    void archive_and_restore_hide_and_bring_back_a_deployment_and_a_tenant() {
        String tenantSlug = provisionedTenant();
        String slug = "prov-a-" + suffix;
        putDeployment(slug, deploymentBody(tenantSlug, "Archivable", "500", null));

        Answer archived = post("/api/v1/deployments/" + slug + "/archive");
        Answer archivedAgain = post("/api/v1/deployments/" + slug + "/archive");
        Answer restored = post("/api/v1/deployments/" + slug + "/restore");
        Answer tenantArchived = post("/api/v1/tenants/" + tenantSlug + "/archive");
        Answer tenantRestored = post("/api/v1/tenants/" + tenantSlug + "/restore");

        assertThat(archived.status()).as(archived.body()).isEqualTo(200);
        assertThat(archived.json().get("archivedAt").isNull()).isFalse();
        assertThat(archivedAgain.json().get("archivedAt").asString())
                .isEqualTo(archived.json().get("archivedAt").asString());
        assertThat(restored.json().get("archivedAt").isNull()).isTrue();
        assertThat(tenantArchived.json().get("archivedAt").isNull()).isFalse();
        assertThat(tenantRestored.json().get("archivedAt").isNull()).isTrue();
        assertThat(auditDetails(tenantId(tenantSlug)))
                .contains("Tenant archived", "Tenant restored")
                .filteredOn(detail -> detail.endsWith(") archived"))
                .hasSize(1);
        assertThat(post("/api/v1/deployments/prov-none-" + suffix + "/archive").status())
                .isEqualTo(404);
        assertThat(post("/api/v1/tenants/prov-none-" + suffix + "/archive").status())
                .isEqualTo(404);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not JSON|{|the body is not JSON",
                "no tenant|{\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\",\"region\":\"r\"}|tenant is required",
                "unknown tenant|{\"tenant\":\"prov-nobody\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\"}|tenant prov-nobody does not exist",
                "negative SLO|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"slo\":{\"ttftP95Ms\":-1}}|SLO: TTFT p95 must be a positive number",
                "error rate over 100|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"slo\":{\"errorRatePct\":101}}|SLO: error rate must be above 0 %",
                "SLO not a number|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"slo\":{\"itlP95Ms\":\"fast\"}}|slo.itlP95Ms must be a number",
                "negative price|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"price\":{\"inputPerMtok\":-1,\"outputPerMtok\":1}}|must not be negative",
                "bad currency|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"price\":{\"inputPerMtok\":1,\"outputPerMtok\":1,\"currency\":\"usd\"}}"
                        + "|ISO 4217",
                "long engine|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\""
                        + "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\",\"region\":\"r\"}|Engine takes at most 50 characters",
                "names not a list|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"otlp\":{\"serviceNames\":\"a\"}}|otlp.serviceNames must be an array",
                "replicas and from scrapes|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"gpuCost\":{\"gpusPerReplica\":8,\"replicas\":2,\"replicasFromScrapes\":true,"
                        + "\"pricePerGpuHour\":1}}|exclude each other",
                "from scrapes not a boolean|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\",\"engine\":\"e\","
                        + "\"region\":\"r\",\"gpuCost\":{\"gpusPerReplica\":8,\"replicasFromScrapes\":\"yes\","
                        + "\"pricePerGpuHour\":1}}|gpuCost.replicasFromScrapes must be true or false",
                "neither replicas nor from scrapes|{\"tenant\":\"TENANT\",\"displayName\":\"x\",\"model\":\"m\","
                        + "\"engine\":\"e\",\"region\":\"r\",\"gpuCost\":{\"gpusPerReplica\":8,\"replicasFromScrapes\":false,"
                        + "\"pricePerGpuHour\":1}}|gpuCost.replicas (or gpuCost.replicasFromScrapes: true)",
            })
    void bad_input_is_a_400_naming_the_problem_and_creates_nothing(String name, String body, String reason) {
        String slug = "prov-bad-" + suffix + "-" + Math.abs(name.hashCode() % 1000);

        Answer answer = putDeployment(slug, body.replace("TENANT", provisionedTenant()));

        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.detail()).contains(reason);
        assertThat(owner.jdbc().queryForObject("select count(*) from deployment where slug = ?", Long.class, slug))
                .isZero();
    }

    @Test
    void bad_slugs_and_names_are_400s() {
        assertThat(putTenant("Not_A_Slug", "{\"name\":\"x\"}").detail()).contains("slug takes");
        assertThat(putTenant("prov-empty-" + suffix, "{\"name\":\"  \"}").status())
                .isEqualTo(400);
        assertThat(putDeployment("Bad_Slug", deploymentBody(provisionedTenant(), "x", "500", null))
                        .detail())
                .contains("slug takes");
    }

    @Test
    void an_operator_key_stops_working_when_revoked_or_when_its_operator_is_disabled() {
        String revoked = OperatorKey.create(context, "operator");
        long keyId = owner.jdbc()
                .queryForObject("select id from api_key where prefix = ?", Long.class, revoked.substring(0, 12));
        apiKeys.revokeOperatorKey(TenantScope.allTenants(), keyId);

        Answer answer = api.put("/api/v1/tenants/prov-r-" + suffix, revoked, "{\"name\":\"x\"}".getBytes());

        assertThat(answer.status()).isEqualTo(401);
        assertThat(apiKeys.listOperatorKeys(TenantScope.allTenants()))
                .anySatisfy(key -> assertThat(key.id()).isEqualTo(keyId));
    }

    @Test
    void a_gpu_cost_holds_from_the_deployments_start_and_a_change_from_the_half_hour_given() {
        String tenantSlug = provisionedTenant();
        String slug = "prov-g-" + suffix;
        String costed = deploymentBody(tenantSlug, "Costed", "500", null)
                .replace("}}", "},\"gpuCost\":{\"gpusPerReplica\":8,\"replicas\":2,\"pricePerGpuHour\":\"2.50\"}}");
        Instant from = clock.instant().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.HOURS);
        String changed = costed.replace("\"replicas\":2", "\"replicas\":3,\"effectiveFrom\":\"" + from + "\"");

        Answer created = putDeployment(slug, costed);
        Answer resent = putDeployment(slug, costed);
        Answer withoutInstant = putDeployment(slug, costed.replace("\"replicas\":2", "\"replicas\":4"));
        Answer rescaled = putDeployment(slug, changed);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode first = created.json().get("gpuCosts").get(0);
        Instant createdAt = owner.jdbc()
                .queryForObject("select created_at from deployment where slug = ?", java.sql.Timestamp.class, slug)
                .toInstant();
        assertThat(first.get("effectiveFrom").asString())
                .isEqualTo(Resolution.HALF_HOUR.bucketOf(createdAt).toString());
        assertThat(first.get("cost").get("gpusPerReplica").asInt()).isEqualTo(8);
        assertThat(first.get("cost").get("currency").asString()).isEqualTo("USD");
        assertThat(resent.json().get("gpuCosts")).hasSize(1);
        assertThat(withoutInstant.status()).isEqualTo(400);
        assertThat(withoutInstant.detail()).contains("needs the half hour");
        assertThat(rescaled.json().get("gpuCosts")).hasSize(2);
        assertThat(rescaled.json().get("gpuCosts").get(1).get("effectiveFrom").asString())
                .isEqualTo(from.toString());
        assertThat(auditDetails(tenantId(tenantSlug)))
                .filteredOn(detail -> detail.contains("per GPU-hour"))
                .containsExactly(
                        slug + ": 2 replicas × 8 GPUs at USD 2.50 per GPU-hour from "
                                + Resolution.HALF_HOUR.bucketOf(createdAt),
                        slug + ": 3 replicas × 8 GPUs at USD 2.50 per GPU-hour from " + from);
    }

    @Test
    void a_gpu_cost_may_take_its_replicas_from_scrapes_and_a_resent_body_changes_nothing() {
        String tenantSlug = provisionedTenant();
        String slug = "prov-s-" + suffix;
        String scraped = deploymentBody(tenantSlug, "Scraped", "500", null)
                .replace(
                        "}}",
                        "},\"gpuCost\":{\"gpusPerReplica\":4,\"replicasFromScrapes\":true,\"pricePerGpuHour\":\"3.10\"}}");

        Answer created = putDeployment(slug, scraped);
        Answer resent = putDeployment(slug, scraped);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode cost = created.json().get("gpuCosts").get(0).get("cost");
        assertThat(cost.get("replicasFromScrapes").asBoolean()).isTrue();
        assertThat(cost.get("replicas").isNull()).isTrue();
        assertThat(cost.get("gpusPerReplica").asInt()).isEqualTo(4);
        assertThat(resent.status()).isEqualTo(200);
        assertThat(resent.json().get("gpuCosts")).hasSize(1);
        assertThat(owner.jdbc()
                        .queryForObject(
                                "select c.replicas is null from deployment_gpu_cost c join deployment d"
                                        + " on d.id = c.deployment_id where d.slug = ?",
                                Boolean.class,
                                slug))
                .isTrue();
        assertThat(auditDetails(tenantId(tenantSlug)))
                .filteredOn(detail -> detail.contains("per GPU-hour"))
                .singleElement()
                .asString()
                .startsWith(slug + ": replicas from scrapes × 4 GPUs at USD 3.10 per GPU-hour from ");
    }

    @Test
    void the_openapi_document_describes_the_provisioning_calls() {
        Answer docs = api.get("/v3/api-docs", key);

        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.json().get("paths").get("/api/v1/deployments/{slug}").has("put"))
                .isTrue();
        assertThat(docs.json().get("paths").get("/api/v1/tenants/{slug}").has("put"))
                .isTrue();
        assertThat(docs.json()
                        .get("paths")
                        .get("/api/v1/deployments/{slug}/cost")
                        .has("get"))
                .isTrue();
        assertThat(docs.body())
                .contains(
                        "gpuCost",
                        "pricePerGpuHour",
                        "costPerMtokOutput",
                        "margin",
                        "replicasFromScrapes",
                        "scrapedReplicas");
        assertThat(docs.json()
                        .get("paths")
                        .get("/api/v1/deployments/{slug}/archive")
                        .has("post"))
                .isTrue();
        assertThat(docs.json()
                        .get("paths")
                        .get("/api/v1/tenants/{slug}/restore")
                        .has("post"))
                .isTrue();
    }

    private String provisionedTenant() {
        String slug = "prov-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        assertThat(putTenant(slug, "{\"name\":\"Provisioned " + slug + "\"}").status())
                .isEqualTo(201);
        return slug;
    }

    private static String deploymentBody(String tenantSlug, String name, String ttftMs, String otlp) {
        return "{\"tenant\":\"" + tenantSlug + "\",\"displayName\":\"" + name + "\",\"model\":\"Qwen/Qwen3-Coder\","
                + "\"engine\":\"vLLM\",\"region\":\"eu-west-1\",\"slo\":{\"ttftP95Ms\":" + ttftMs + "},"
                + "\"price\":{\"inputPerMtok\":\"0.20\",\"outputPerMtok\":0.6,\"currency\":\"USD\"}"
                + (otlp == null ? "" : ",\"otlp\":" + otlp) + "}";
    }

    private Answer putTenant(String slug, String body) {
        return api.put("/api/v1/tenants/" + slug, admin, body.getBytes(StandardCharsets.UTF_8));
    }

    private Answer putDeployment(String slug, String body) {
        return api.put("/api/v1/deployments/" + slug, admin, body.getBytes(StandardCharsets.UTF_8));
    }

    private Answer post(String path) {
        return api.post(path, admin, null, new byte[0]);
    }

    private long tenantId(String slug) {
        return owner.jdbc().queryForObject("select id from tenant where slug = ?", Long.class, slug);
    }

    private List<String> auditDetails(long tenantId) {
        return owner.jdbc()
                .queryForList("select detail from audit_event where tenant_id = ? order by id", String.class, tenantId);
    }

    private List<String> auditActors(long tenantId) {
        return owner.jdbc()
                .queryForList("select actor from audit_event where tenant_id = ? order by id", String.class, tenantId);
    }
}
