package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A sample's consumer, adapter and priority are stored as their deployment's codes, given once a value and the same
 * for every later batch; a value past the deployment's last code keeps its text. Either way the requests of a value
 * read back as that value's.
 */
class DimensionCodesIT extends ApiIntegrationTest {

    @Autowired
    OwnerJdbc owner;

    private String metrics;
    private Instant minute;

    DimensionCodesIT() {
        super("dimension-codes");
    }

    @BeforeAll
    void aMinute() {
        metrics = tenant.key(ApiScope.METRICS_READ);
        minute = clock.instant().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.MINUTES);
    }

    @Test
    void values_are_stored_by_codes_given_once_and_read_back_as_the_values() {
        String deployment = tenant.deployment("coded");
        List<RequestSampleJson> first = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            first.add(request("acme-" + i, i).set("consumer", "acme").set("adapter", "sql-lora"));
        }
        for (int i = 0; i < 8; i++) {
            first.add(request("beta-" + i, 20 + i).set("consumer", "beta").set("priority", "batch"));
        }
        assertThat(api.ingestRequests(key, deployment, first).rejected()).isZero();
        Map<String, Object> codes = codes(deployment);
        List<RequestSampleJson> second = List.of(
                request("acme-late", 40).set("consumer", "acme"),
                request("beta-late", 41).set("consumer", "beta").set("priority", "batch"));
        assertThat(api.ingestRequests(key, deployment, second).rejected()).isZero();

        assertThat(codes).containsOnlyKeys("consumer/acme", "consumer/beta", "adapter/sql-lora", "priority/batch");
        assertThat(codes(deployment))
                .as("the later batch's values kept their codes")
                .isEqualTo(codes);
        assertThat(owner.jdbc()
                        .queryForObject(
                                "select count(*) from request_sample s join deployment d on d.id = s.deployment_id"
                                        + " where d.slug = ? and s.consumer is null and s.consumer_code is not null",
                                Long.class,
                                deployment))
                .as("samples whose consumer is stored by its code alone")
                .isEqualTo(22);
        assertThat(ids(deployment, "consumer=acme")).hasSize(13).allMatch(id -> id.startsWith("acme-"));
        assertThat(ids(deployment, "consumer=beta")).hasSize(9).allMatch(id -> id.startsWith("beta-"));
        assertThat(ids(deployment, "adapter=sql-lora")).hasSize(12);
        assertThat(ids(deployment, "priority=batch")).hasSize(9);
    }

    @Test
    void a_value_past_the_last_code_keeps_its_text_and_reads_back_alike() {
        String deployment = tenant.deployment("full");
        owner.jdbc()
                .update(
                        "insert into dimension_code (tenant_id, deployment_id, dimension, code, value)"
                                + " select d.tenant_id, d.id, 'consumer', n, 'seed-' || n"
                                + " from deployment d, generate_series(1, " + (DimensionCodeStore.MAX_CODE - 1)
                                + ") as n"
                                + " where d.slug = ?",
                        deployment);
        List<RequestSampleJson> first = new ArrayList<>();
        for (String consumer : List.of("late-c", "late-a", "late-b")) {
            for (int i = 0; i < 4; i++) {
                first.add(request(consumer + "-" + i, first.size()).set("consumer", consumer));
            }
        }
        assertThat(api.ingestRequests(key, deployment, first).rejected()).isZero();
        assertThat(api.ingestRequests(
                                key, deployment, List.of(request("late-d-0", 30).set("consumer", "late-d")))
                        .rejected())
                .isZero();

        assertThat(codes(deployment))
                .as("the first new value in name order took the last code, and no value took another")
                .hasSize(DimensionCodeStore.MAX_CODE)
                .containsEntry("consumer/late-a", (short) DimensionCodeStore.MAX_CODE)
                .doesNotContainKeys("consumer/late-b", "consumer/late-c", "consumer/late-d");
        assertThat(owner.jdbc()
                        .queryForList(
                                "select distinct s.consumer from request_sample s join deployment d"
                                        + " on d.id = s.deployment_id where d.slug = ? and s.consumer is not null",
                                String.class,
                                deployment))
                .containsExactlyInAnyOrder("late-b", "late-c", "late-d");
        for (String consumer : List.of("late-a", "late-b", "late-c")) {
            assertThat(ids(deployment, "consumer=" + consumer))
                    .as(consumer)
                    .hasSize(4)
                    .allMatch(id -> id.startsWith(consumer + "-"));
        }
        assertThat(ids(deployment, "consumer=late-d")).containsExactly("late-d-0");
    }

    private RequestSampleJson request(String id, int second) {
        return RequestSampleJson.ok(id, minute.plusSeconds(second))
                .ttft(100)
                .e2e(1_100)
                .tpot(10)
                .tokens(200, 100);
    }

    /** The deployment's codes, by {@code dimension/value}. */
    private Map<String, Object> codes(String deployment) {
        Map<String, Object> codes = new java.util.HashMap<>();
        owner.jdbc()
                .query(
                        "select c.dimension || '/' || c.value as value, c.code from dimension_code c"
                                + " join deployment d on d.id = c.deployment_id where d.slug = ?",
                        rs -> {
                            codes.put(rs.getString("value"), rs.getShort("code"));
                        },
                        deployment);
        return codes;
    }

    /** The ids of the deployment's requests in the minute that have a value, as the drill-down lists them. */
    private List<String> ids(String deployment, String filter) {
        JsonNode page = api.get(
                        "/api/v1/deployments/" + deployment + "/requests?from=" + minute + "&to="
                                + minute.plusSeconds(60) + "&limit=1000&" + filter,
                        metrics)
                .json();
        return page.path("requests")
                .valueStream()
                .map(row -> row.path("requestId").asString())
                .toList();
    }
}
