package dev.inferencemetrics.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.inferencemetrics.apikey.ApiAdmission;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HeldIngestCall;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.TestTenant;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A benchmark import is an ingest call like any other: the same refusals, counted in the same calls in flight, and
 * bounds on what one file may hold.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkImportLimitsIT extends ApiIntegrationTest {

    private static final int CONCURRENT_INGESTS_PER_TENANT = 16;
    private static final String LLMPERF_RUN = """
            [{"ttft_s":0.08,"end_to_end_latency_s":1.2,"inter_token_latency_s":0.02,"number_input_tokens":100,"number_output_tokens":50},
             {"ttft_s":0.09,"end_to_end_latency_s":1.4,"inter_token_latency_s":0.02,"number_input_tokens":120,"number_output_tokens":60}]
            """;

    @Autowired
    ApiAdmission admission;

    BenchmarkImportLimitsIT() {
        super("import-limits");
    }

    @Test
    void an_empty_file_is_refused_for_the_callers_deployment_and_for_an_unknown_or_foreign_one() {
        TestTenant other = TestTenant.create(context, "import-limits-other");

        Answer own = importLlmperf(tenant.deployment("empty"), "[]");
        Answer unknown = importLlmperf("no-such-deployment", "[]");
        Answer foreign = importLlmperf(other.deployment("foreign"), "[]");

        assertThat(own.status()).as(own.toString()).isEqualTo(400);
        assertThat(own.detail()).isEqualTo("the file holds no requests");
        assertThat(unknown.status()).as(unknown.toString()).isEqualTo(404);
        assertThat(foreign.status()).as(foreign.toString()).isEqualTo(403);
    }

    @Test
    void a_file_of_a_million_empty_records_is_refused_at_the_bound_before_anything_is_stored() {
        String deployment = tenant.deployment("too-many");
        String records = "[" + "{},".repeat(999_999) + "{}]";

        Answer answer = importLlmperf(deployment, records);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail())
                .isEqualTo("a file may hold at most " + BenchmarkImportService.MAX_RECORDS + " requests; split it");
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void an_import_over_the_tenants_ingest_calls_in_flight_gets_429_with_retry_after() throws Exception {
        TestTenant busy = TestTenant.create(context, "import-limits-busy");
        String deployment = busy.deployment("held");
        byte[] file = LLMPERF_RUN.getBytes(StandardCharsets.UTF_8);
        // one start for every call: the same run, stored once however many of the calls get through
        String path = importPath(deployment) + "&start="
                + clock.instant().minus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);

        List<HeldIngestCall> held = new ArrayList<>();
        try {
            for (int call = 0; call < CONCURRENT_INGESTS_PER_TENANT; call++) {
                held.add(new HeldIngestCall(port, path, busy.fullKey(), file));
            }
            awaitInFlight(busy.id(), CONCURRENT_INGESTS_PER_TENANT);

            Answer refused = api.post(path, busy.fullKey(), HttpApi.JSON, file);

            assertThat(refused.status()).as(refused.toString()).isEqualTo(429);
            assertThat(refused.header("Retry-After")).contains("1");
            for (HeldIngestCall call : held) {
                assertThat(call.finish()).startsWith("HTTP/1.1 200");
            }
        } finally {
            for (HeldIngestCall call : held) {
                call.close();
            }
        }
        assertThat(admission.ingestsInFlight(busy.id())).isZero();
        assertThat(busy.storedRequestSamples(deployment)).isEqualTo(2);
    }

    private void awaitInFlight(long tenantId, int expected) {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(admission.ingestsInFlight(tenantId))
                .isEqualTo(expected));
    }

    private static String importPath(String deployment) {
        return "/api/v1/ingest/benchmark?format=llmperf&deployment=" + deployment;
    }

    private Answer importLlmperf(String deployment, String file) {
        return api.post(importPath(deployment), key, HttpApi.JSON, file.getBytes(StandardCharsets.UTF_8));
    }
}
