package dev.inferencemetrics.apikey;

import static dev.inferencemetrics.testing.HttpApi.INGEST_REQUESTS;
import static dev.inferencemetrics.testing.HttpApi.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.inferencemetrics.testing.HeldIngestCall;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Back-pressure through the real API: a key over its rate and a tenant over its ingest calls in flight get 429 with
 * {@code Retry-After} and store nothing, while other keys and tenants carry on.
 */
class ApiLimitsIT extends HttpIntegrationTest {

    private static final int CONCURRENT_INGESTS_PER_TENANT = 16;
    private static final int BURST_PER_KEY = 100;
    private static final double REQUESTS_PER_SECOND_PER_KEY = 50;

    @Autowired
    ApiAdmission admission;

    @Test
    void a_tenant_over_its_ingest_calls_in_flight_gets_429_while_another_tenant_is_served() throws Exception {
        TestTenant busy = TestTenant.create(context, "limits-busy");
        String busyDeployment = busy.deployment("held");
        TestTenant other = TestTenant.create(context, "limits-other");
        String otherDeployment = other.deployment("free");

        List<HeldIngestCall> held = new ArrayList<>();
        try {
            for (int call = 0; call < CONCURRENT_INGESTS_PER_TENANT; call++) {
                held.add(new HeldIngestCall(
                        port, busy.fullKey(), api.batch(busyDeployment, List.of(sample("held-" + call)))));
            }
            awaitInFlight(busy.id(), CONCURRENT_INGESTS_PER_TENANT);

            Answer refused = api.post(
                    INGEST_REQUESTS, busy.fullKey(), JSON, api.batch(busyDeployment, List.of(sample("one-too-many"))));
            Answer served = api.post(
                    INGEST_REQUESTS, other.fullKey(), JSON, api.batch(otherDeployment, List.of(sample("other"))));
            int busyStillInFlight = admission.ingestsInFlight(busy.id());

            assertThat(refused.status()).as(refused.toString()).isEqualTo(429);
            assertThat(refused.header("Retry-After")).contains("1");
            assertThat(served.status()).as(served.toString()).isEqualTo(200);
            assertThat(busyStillInFlight)
                    .as("the busy tenant's calls were all still held when the other tenant was answered")
                    .isEqualTo(CONCURRENT_INGESTS_PER_TENANT);
            assertThat(other.storedRequestIds(otherDeployment)).containsExactly("other");
            for (HeldIngestCall call : held) {
                assertThat(call.finish()).startsWith("HTTP/1.1 200");
            }
        } finally {
            for (HeldIngestCall call : held) {
                call.close();
            }
        }
        assertThat(busy.storedRequestIds(busyDeployment))
                .hasSize(CONCURRENT_INGESTS_PER_TENANT)
                .allMatch(id -> id.startsWith("held-"));
        assertThat(admission.ingestsInFlight(busy.id())).isZero();
        assertThat(api.post(INGEST_REQUESTS, busy.fullKey(), JSON, api.batch(busyDeployment, List.of(sample("later"))))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void an_ingest_call_with_an_encoded_path_counts_against_the_tenants_calls_in_flight() throws Exception {
        TestTenant busy = TestTenant.create(context, "limits-encoded");
        String deployment = busy.deployment("held");
        String encoded = "/api/v1/%69ngest/requests";

        List<HeldIngestCall> held = new ArrayList<>();
        try {
            for (int call = 0; call < CONCURRENT_INGESTS_PER_TENANT; call++) {
                held.add(new HeldIngestCall(
                        port, encoded, busy.fullKey(), api.batch(deployment, List.of(sample("held-" + call)))));
            }
            awaitInFlight(busy.id(), CONCURRENT_INGESTS_PER_TENANT);

            Answer refused =
                    api.post(encoded, busy.fullKey(), JSON, api.batch(deployment, List.of(sample("one-too-many"))));

            assertThat(refused.status()).as(refused.toString()).isEqualTo(429);
            for (HeldIngestCall call : held) {
                assertThat(call.finish()).startsWith("HTTP/1.1 200");
            }
        } finally {
            for (HeldIngestCall call : held) {
                call.close();
            }
        }
        assertThat(admission.ingestsInFlight(busy.id())).isZero();
    }

    @Test
    void annotation_writes_count_against_the_tenants_writes_in_flight() throws Exception {
        TestTenant busy = TestTenant.create(context, "limits-notes");
        String path = "/api/v1/deployments/" + busy.deployment("noted") + "/annotations";
        byte[] note = "{\"text\":\"rollout\",\"time\":\"2026-11-20T10:00:00Z\"}".getBytes(StandardCharsets.UTF_8);

        List<HeldIngestCall> held = new ArrayList<>();
        try {
            for (int call = 0; call < CONCURRENT_INGESTS_PER_TENANT; call++) {
                held.add(new HeldIngestCall(port, path, busy.fullKey(), note));
            }
            awaitInFlight(busy.id(), CONCURRENT_INGESTS_PER_TENANT);

            Answer refused = api.post(path, busy.fullKey(), JSON, note);

            assertThat(refused.status()).as(refused.toString()).isEqualTo(429);
            assertThat(refused.header("Retry-After")).contains("1");
            for (HeldIngestCall call : held) {
                assertThat(call.finish()).startsWith("HTTP/1.1 201");
            }
        } finally {
            for (HeldIngestCall call : held) {
                call.close();
            }
        }
        assertThat(api.post(path, busy.fullKey(), JSON, note).status()).isEqualTo(201);
    }

    @Test
    void a_key_over_its_request_rate_gets_429_with_retry_after_while_another_key_is_served() throws Exception {
        TestTenant tenant = TestTenant.create(context, "limits-rate");
        String key = tenant.fullKey();
        int calls = 400;
        List<Answer> answers = new ArrayList<>();

        long started = System.nanoTime();
        try (ExecutorService senders = Executors.newFixedThreadPool(8)) {
            List<Future<Answer>> futures = new ArrayList<>();
            for (int call = 0; call < calls; call++) {
                futures.add(senders.submit(() -> api.get("/api/v1/deployments", key)));
            }
            for (Future<Answer> future : futures) {
                answers.add(future.get(1, TimeUnit.MINUTES));
            }
        }
        double elapsedSeconds = (System.nanoTime() - started) / 1e9;

        List<Answer> refused = answers.stream().filter(a -> a.status() == 429).toList();
        long served = answers.stream().filter(a -> a.status() == 200).count();
        assertThat(served + refused.size()).isEqualTo(calls);
        assertThat(refused).isNotEmpty().allSatisfy(answer -> assertThat(answer.header("Retry-After"))
                .hasValueSatisfying(
                        seconds -> assertThat(Integer.parseInt(seconds)).isPositive()));
        assertThat(served)
                .isLessThanOrEqualTo((long) (BURST_PER_KEY + REQUESTS_PER_SECOND_PER_KEY * elapsedSeconds) + 1);
        assertThat(api.get("/api/v1/deployments", tenant.fullKey()).status()).isEqualTo(200);
    }

    private RequestSampleJson sample(String requestId) {
        return RequestSampleJson.ok(requestId, clock.instant().minusSeconds(60));
    }

    private void awaitInFlight(long tenantId, int expected) {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(admission.ingestsInFlight(tenantId))
                .isEqualTo(expected));
    }
}
