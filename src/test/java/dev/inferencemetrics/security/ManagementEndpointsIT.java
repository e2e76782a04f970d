package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Health probes are open; the service's own Prometheus metrics are for operators and the scraper only. */
class ManagementEndpointsIT extends ApiIntegrationTest {

    private static final String PROMETHEUS = "/actuator/prometheus";

    ManagementEndpointsIT() {
        super("management");
    }

    @Test
    void liveness_and_readiness_are_up_and_need_no_credentials() {
        for (String probe : List.of("/actuator/health/liveness", "/actuator/health/readiness", "/actuator/health")) {
            Answer answer = api.get(probe, null);
            assertThat(answer.status()).as(probe + " " + answer).isEqualTo(200);
            assertThat(answer.json().path("status").asString()).isEqualTo("UP");
        }
    }

    @Test
    void prometheus_metrics_need_an_operator_or_the_scrape_token() {
        assertThat(api.get(PROMETHEUS, null).status()).isEqualTo(401);
        assertThat(api.get(PROMETHEUS, "not-the-scrape-token").status()).isEqualTo(401);
        assertThat(api.get(PROMETHEUS, tenant.fullKey()).status()).isEqualTo(401);
        assertThat(api.getWithAuthorization(PROMETHEUS, basic("acme-admin", "demo"))
                        .status())
                .isEqualTo(403);
        assertThat(api.getWithAuthorization(PROMETHEUS, basic("operator", "demo"))
                        .status())
                .isEqualTo(200);
        assertThat(api.get(PROMETHEUS, IntegrationTest.SCRAPE_TOKEN).status()).isEqualTo(200);
        assertThat(api.get("/actuator/metrics/jvm.memory.used", null).status()).isEqualTo(401);
    }

    @Test
    void prometheus_shows_ingested_and_refused_samples_and_query_latency() {
        String deployment = tenant.deployment("metered");
        String key = tenant.fullKey();
        Instant ts = clock.instant().minusSeconds(60);
        api.ingestRequests(
                key,
                deployment,
                List.of(
                        RequestSampleJson.ok("metered-1", ts),
                        RequestSampleJson.ok("metered-2", ts).ttft(-1)));
        api.metrics(key, deployment, ts.minusSeconds(3_600), ts.plusSeconds(60), null);

        String text = api.get(PROMETHEUS, IntegrationTest.SCRAPE_TOKEN).body();

        assertThat(text)
                .containsPattern(
                        "inference_metrics_ingest_samples_total\\{[^}]*kind=\"requests\"[^}]*outcome=\"stored\"")
                .containsPattern(
                        "inference_metrics_ingest_rejected_total\\{[^}]*reason=\"ttftMs must not be negative\"")
                .contains("inference_metrics_query_seconds_count")
                .contains("inference_metrics_api_throttled_total{reason=\"rate-limit\"}")
                .contains("jvm_memory_used_bytes");
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
