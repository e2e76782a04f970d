package dev.inferencemetrics.apikey;

import static dev.inferencemetrics.testing.HttpApi.INGEST_KV_CACHE;
import static dev.inferencemetrics.testing.HttpApi.INGEST_REQUESTS;
import static dev.inferencemetrics.testing.HttpApi.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.KvReadingJson;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Who may call what: 401 for missing, malformed, unknown, revoked and expired keys, 403 for a wrong scope or another
 * tenant's deployment, 404 for an unknown deployment. A refused call stores nothing.
 */
class ApiKeyAccessIT extends ApiIntegrationTest {

    ApiKeyAccessIT() {
        super("access");
    }

    private TestTenant otherTenant;

    @BeforeAll
    void createTenants() {
        otherTenant = TestTenant.create(context, "access-other");
    }

    @Test
    void a_call_without_a_key_is_unauthorised_and_stores_nothing() {
        String deployment = tenant.deployment("no-key");

        Answer ingest = api.post(INGEST_REQUESTS, null, JSON, api.batch(deployment, oneSample()));
        Answer read = api.metricsAnswer(null, deployment, now().minusSeconds(3600), now(), null);

        assertUnauthorised(ingest);
        assertUnauthorised(read);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "not-a-key",
                "imk_",
                "imk_tooShort123",
                "imk_00000000000000000000000000000000000000",
            })
    void a_malformed_key_is_unauthorised(String presented) {
        String deployment = tenant.deployment("malformed-" + Math.abs(presented.hashCode()));

        assertUnauthorised(api.post(INGEST_REQUESTS, presented, JSON, api.batch(deployment, oneSample())));
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_key_with_a_typo_fails_its_checksum_and_is_unauthorised() {
        String deployment = tenant.deployment("typo");
        char[] typo = key.toCharArray();
        typo[10] = typo[10] == 'a' ? 'b' : 'a';

        assertUnauthorised(api.post(INGEST_REQUESTS, new String(typo), JSON, api.batch(deployment, oneSample())));
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_well_formed_key_that_was_never_issued_is_unauthorised() {
        String deployment = tenant.deployment("unknown-key");
        String neverIssued = ApiKeyFormat.generate(new SecureRandom());

        assertThat(ApiKeyFormat.isWellFormed(neverIssued)).isTrue();
        assertUnauthorised(api.post(INGEST_REQUESTS, neverIssued, JSON, api.batch(deployment, oneSample())));
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_key_sent_in_another_scheme_than_bearer_is_unauthorised() {
        assertUnauthorised(api.getWithAuthorization("/api/v1/deployments", "Basic " + key));
        assertUnauthorised(api.getWithAuthorization("/api/v1/deployments", key));
    }

    @Test
    void a_revoked_key_is_unauthorised_from_the_moment_it_is_revoked() {
        String deployment = tenant.deployment("revoked");
        CreatedApiKey created = tenant.createKey(ApiScope.tenantScopes(), null);
        assertThat(api.ingestRequests(created.plaintext(), deployment, oneSample())
                        .accepted())
                .isEqualTo(1);

        tenant.revoke(created);

        assertUnauthorised(api.post(
                INGEST_REQUESTS, created.plaintext(), JSON, api.batch(deployment, sample("after-revocation"))));
        assertUnauthorised(api.get("/api/v1/deployments", created.plaintext()));
        assertThat(tenant.storedRequestIds(deployment)).containsExactly("r-0");
    }

    @Test
    void an_expired_key_is_unauthorised_while_an_unexpired_one_works() {
        String deployment = tenant.deployment("expired");
        String expired = tenant.createKey(ApiScope.tenantScopes(), now().minusSeconds(60))
                .plaintext();
        String unexpired = tenant.createKey(ApiScope.tenantScopes(), now().plus(Duration.ofDays(1)))
                .plaintext();

        assertUnauthorised(api.post(INGEST_REQUESTS, expired, JSON, api.batch(deployment, sample("expired"))));
        assertThat(api.ingestRequests(unexpired, deployment, sample("unexpired"))
                        .accepted())
                .isEqualTo(1);
        assertThat(tenant.storedRequestIds(deployment)).containsExactly("unexpired");
    }

    @Test
    void a_metrics_read_key_may_not_ingest_and_nothing_is_stored() {
        String deployment = tenant.deployment("read-only");
        String readOnly = tenant.key(ApiScope.METRICS_READ, ApiScope.USAGE_READ);

        assertForbidden(api.post(INGEST_REQUESTS, readOnly, JSON, api.batch(deployment, oneSample())));
        assertForbidden(api.post(
                INGEST_KV_CACHE,
                readOnly,
                JSON,
                api.batch(deployment, List.of(KvReadingJson.reading("pod-0", now(), 10)))));
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
        assertThat(tenant.storedKvSamples(deployment)).isZero();
        assertThat(api.metrics(readOnly, deployment, now().minusSeconds(3600), now(), null)
                        .summary()
                        .requests())
                .isZero();
    }

    @Test
    void an_ingest_key_may_not_read_deployments_or_metrics() {
        String deployment = tenant.deployment("write-only");
        String ingestOnly = tenant.key(ApiScope.INGEST);

        assertForbidden(api.get("/api/v1/deployments", ingestOnly));
        assertForbidden(api.metricsAnswer(ingestOnly, deployment, now().minusSeconds(3600), now(), null));
    }

    @Test
    void a_key_may_not_ingest_into_another_tenants_deployment_and_nothing_is_stored() {
        String foreign = otherTenant.deployment("foreign-ingest");

        Answer requests = api.post(INGEST_REQUESTS, key, JSON, api.batch(foreign, oneSample()));
        Answer kv = api.post(
                INGEST_KV_CACHE, key, JSON, api.batch(foreign, List.of(KvReadingJson.reading("pod-0", now(), 42))));

        assertForbidden(requests);
        assertForbidden(kv);
        assertThat(requests.detail()).contains("another tenant");
        assertThat(otherTenant.storedRequestSamples(foreign)).isZero();
        assertThat(otherTenant.storedKvSamples(foreign)).isZero();
        var metrics = api.metrics(otherTenant.fullKey(), foreign, now().minusSeconds(3600), now(), null);
        assertThat(metrics.summary().requests()).isZero();
        assertThat(metrics.summary().kvCache().peak()).isNull();
    }

    @Test
    void a_key_may_not_read_another_tenants_metrics() {
        String foreign = otherTenant.deployment("foreign-read");

        assertForbidden(api.metricsAnswer(key, foreign, now().minusSeconds(3600), now(), null));
        assertForbidden(api.metricsAnswer(key, "qwen3-coder", now().minusSeconds(3600), now(), null));
    }

    @Test
    void the_deployment_list_shows_only_the_keys_tenant() {
        TestTenant listed = TestTenant.create(context, "errors-list");
        String first = listed.deployment("first");
        String second = listed.deployment("second");

        Answer answer = api.get("/api/v1/deployments", listed.key(ApiScope.METRICS_READ));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().valueStream().map(d -> d.path("slug").asString()))
                .containsExactlyInAnyOrder(first, second);
    }

    @Test
    void an_unknown_deployment_is_not_found() {
        String unknown = "no-such-deployment-" + tenant.id();

        assertNotFound(api.post(INGEST_REQUESTS, key, JSON, api.batch(unknown, oneSample())));
        assertNotFound(api.post(
                INGEST_KV_CACHE, key, JSON, api.batch(unknown, List.of(KvReadingJson.reading("pod-0", now(), 1)))));
        assertNotFound(api.metricsAnswer(key, unknown, now().minusSeconds(3600), now(), null));
    }

    private Instant now() {
        return clock.instant();
    }

    private List<RequestSampleJson> oneSample() {
        return samples(1);
    }

    private List<RequestSampleJson> sample(String requestId) {
        return List.of(RequestSampleJson.ok(requestId, now().minusSeconds(30)));
    }

    private List<RequestSampleJson> samples(int n) {
        Instant ts = now().minusSeconds(60);
        return IntStream.range(0, n)
                .mapToObj(i -> RequestSampleJson.ok("r-" + i, ts.plusMillis(i)))
                .toList();
    }

    private static void assertUnauthorised(Answer answer) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(401);
        assertThat(answer.header("WWW-Authenticate")).contains("Bearer");
    }

    private static void assertForbidden(Answer answer) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(403);
    }

    private static void assertNotFound(Answer answer) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(404);
    }
}
