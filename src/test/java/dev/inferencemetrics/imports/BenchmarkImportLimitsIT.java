package dev.inferencemetrics.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.TestTenant;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A benchmark import is an ingest call like any other: the same refusals, and bounds on what one file may hold. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkImportLimitsIT extends ApiIntegrationTest {

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
    void a_file_of_more_requests_than_the_bound_is_refused_before_anything_is_stored() {
        String deployment = tenant.deployment("too-many");
        String records = "[" + "{},".repeat(BenchmarkImportService.MAX_RECORDS) + "{}]";

        Answer answer = importLlmperf(deployment, records);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.detail())
                .isEqualTo("a file may hold at most " + BenchmarkImportService.MAX_RECORDS + " requests; split it");
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    private Answer importLlmperf(String deployment, String file) {
        return api.post(
                "/api/v1/ingest/benchmark?format=llmperf&deployment=" + deployment,
                key,
                HttpApi.JSON,
                file.getBytes(StandardCharsets.UTF_8));
    }
}
