package dev.inferencemetrics.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.TestTenant;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** Adding, listing and removing annotations through the API, with the refusals and the audit trail. */
class AnnotationApiIT extends ApiIntegrationTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    @Autowired
    OwnerJdbc owner;

    private String deployment;
    private String ingest;
    private String metrics;

    AnnotationApiIT() {
        super("annotation-api");
    }

    @BeforeAll
    void keys() {
        deployment = tenant.deployment("notes");
        ingest = tenant.key(ApiScope.INGEST);
        metrics = tenant.key(ApiScope.METRICS_READ);
    }

    @Test
    void a_moment_and_a_range_are_stored_listed_by_window_and_removed() {
        Answer moment = post(
                deployment,
                "{\"text\":\"vLLM 0.11 rolled out\",\"time\":\"" + AT + "\"," + "\"tags\":[\"deploy\",\"vllm\"]}");
        Answer range = post(
                deployment,
                "{\"text\":\"max-num-seqs 256→128\",\"from\":\"" + AT.plusSeconds(3600) + "\",\"to\":\""
                        + AT.plusSeconds(7200) + "\"}");

        assertThat(moment.status()).as(moment.body()).isEqualTo(201);
        assertThat(moment.json().path("from").asString()).isEqualTo(AT.toString());
        assertThat(moment.json().path("to").isNull()).isTrue();
        assertThat(moment.json().path("tags").toString()).isEqualTo("[\"deploy\",\"vllm\"]");
        assertThat(moment.json().path("createdBy").asString()).startsWith("API key ");
        assertThat(range.status()).as(range.body()).isEqualTo(201);
        assertThat(texts(list(AT.minusSeconds(60), AT.plusSeconds(60)))).containsExactly("vLLM 0.11 rolled out");
        // a range shows in every window it overlaps, also one that starts inside it
        assertThat(texts(list(AT.plusSeconds(5400), AT.plusSeconds(9000)))).containsExactly("max-num-seqs 256→128");
        assertThat(texts(list(AT.minusSeconds(60), AT.plusSeconds(9000))))
                .containsExactly("vLLM 0.11 rolled out", "max-num-seqs 256→128");

        long id = moment.json().path("id").asLong();
        assertThat(api.delete(path(deployment) + "/" + id, ingest).status()).isEqualTo(204);
        assertThat(api.delete(path(deployment) + "/" + id, ingest).status()).isEqualTo(404);
        assertThat(texts(list(AT.minusSeconds(60), AT.plusSeconds(9000)))).containsExactly("max-num-seqs 256→128");
    }

    @Test
    void adding_and_removing_are_in_the_audit_log_with_the_key_that_did_it() {
        Answer added = post(deployment, "{\"text\":\"audited note\",\"time\":\"" + AT + "\"}");
        api.delete(path(deployment) + "/" + added.json().path("id").asLong(), ingest);

        List<String> details = owner.jdbc()
                .queryForList(
                        "select detail from audit_event where kind = 'ANNOTATION_CHANGED' and tenant_id = ?"
                                + " and actor like 'API key %' order by id",
                        String.class, tenant.id());
        assertThat(details)
                .anyMatch(detail -> detail.startsWith("Added annotation") && detail.endsWith("audited note"));
        assertThat(details)
                .anyMatch(detail -> detail.startsWith("Removed annotation") && detail.endsWith("audited note"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"text\":\"\",\"time\":\"2026-11-20T10:00:00Z\"}|text must not be empty",
                "{\"time\":\"2026-11-20T10:00:00Z\"}|text must not be empty",
                "{\"text\":\"x\",\"from\":\"2026-11-20T10:00:00Z\",\"to\":\"2026-11-20T09:00:00Z\"}"
                        + "|to must not be before from",
                "{\"text\":\"x\"}|time (a moment) or from and to (a range) is required",
                "{\"text\":\"x\",\"from\":\"2026-11-20T10:00:00Z\"}"
                        + "|a range needs to as well as from; a moment is given as time",
                "{\"text\":\"x\",\"time\":\"2026-11-20T10:00:00Z\",\"from\":\"2026-11-20T10:00:00Z\"}"
                        + "|give either time, or from and to, not both",
                "{\"text\":\"x\",\"time\":\"yesterday\"}|time must be an ISO-8601 instant, e.g. 2026-11-22T10:00:00Z",
                "{\"text\":\"x\",\"time\":\"2026-11-20T10:00:00Z\",\"tags\":[\"two words\"]}"
                        + "|tag \"two words\" must be 1 to 40 letters, digits or . _ : / = + -",
                "{\"text\":[1],\"time\":\"2026-11-20T10:00:00Z\"}|the body is not JSON of the shape this call takes",
                "{|the body is not JSON of the shape this call takes"
            })
    void bad_input_is_a_400_with_a_plain_reason(String body, String reason) {
        Answer answer = post(deployment, body);

        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo(reason);
    }

    @Test
    void text_over_500_characters_is_a_400() {
        Answer answer = post(deployment, "{\"text\":\"" + "x".repeat(501) + "\",\"time\":\"" + AT + "\"}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo("text must be at most 500 characters, not 501");
    }

    @Test
    void a_listing_window_ending_before_it_starts_is_a_400() {
        Answer answer = api.get(path(deployment) + "?from=" + AT + "&to=" + AT.minusSeconds(1), metrics);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.detail()).isEqualTo("to must not be before from");
    }

    @Test
    void an_unknown_deployment_is_a_404_and_another_tenants_a_403_with_nothing_stored() {
        TestTenant other = TestTenant.create(context, "annotation-other");
        String foreign = other.deployment("theirs");
        String body = "{\"text\":\"x\",\"time\":\"" + AT + "\"}";

        assertThat(post("no-such-deployment-here", body).status()).isEqualTo(404);
        assertThat(api.get(path("no-such-deployment-here"), metrics).status()).isEqualTo(404);
        assertThat(post(foreign, body).status()).isEqualTo(403);
        assertThat(api.get(path(foreign), metrics).status()).isEqualTo(403);
        assertThat(owner.jdbc()
                        .queryForObject("select count(*) from annotation where tenant_id = ?", Long.class, other.id()))
                .isZero();
    }

    private Answer post(String slug, String body) {
        return api.post(path(slug), ingest, HttpApi.JSON, body.getBytes(StandardCharsets.UTF_8));
    }

    private JsonNode list(Instant from, Instant to) {
        Answer answer = api.get(path(deployment) + "?from=" + from + "&to=" + to, metrics);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    private static List<String> texts(JsonNode list) {
        return list.valueStream().map(node -> node.path("text").asString()).toList();
    }

    private static String path(String slug) {
        return "/api/v1/deployments/" + slug + "/annotations";
    }
}
