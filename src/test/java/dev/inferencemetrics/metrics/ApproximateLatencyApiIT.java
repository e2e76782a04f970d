package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The metrics API says which source its latency figures come from, and gives a deployment known only from its
 * engines' histograms its bucketed percentiles with their bucket bounds, apart from the exact figures.
 */
class ApproximateLatencyApiIT extends ApiIntegrationTest {

    ApproximateLatencyApiIT() {
        super("approximate-api");
    }

    @Test
    void a_deployment_known_only_from_engine_histograms_gets_bucketed_percentiles_with_their_bounds() {
        String slug = tenant.deployment("scraped");
        Instant minute = Resolution.MINUTE.bucketOf(clock.instant().minus(Duration.ofMinutes(5)));
        storeTtftHistogram(slug, minute);

        JsonNode answer = metrics(slug, minute).json();

        assertThat(answer.get("latencySource").asString()).isEqualTo("engine-histograms");
        assertThat(answer.get("summary").get("requests").asLong()).isZero();
        JsonNode ttft = answer.get("approximate").get("ttft");
        assertThat(ttft.get("count").asLong()).isEqualTo(100);
        assertThat(ttft.get("p50").get("estimateMs").asDouble()).isCloseTo(112.5, within(0.01));
        assertThat(ttft.get("p50").get("lowerMs").asDouble()).isEqualTo(100.0);
        assertThat(ttft.get("p50").get("upperMs").asDouble()).isEqualTo(150.0);
        assertThat(ttft.get("p99").get("lowerMs").asDouble()).isEqualTo(150.0);
        assertThat(ttft.get("p99").get("upperMs").asDouble()).isEqualTo(250.0);
    }

    @Test
    void per_request_data_wins_and_no_approximate_figures_are_given() {
        String slug = tenant.deployment("exact");
        Instant minute = Resolution.MINUTE.bucketOf(clock.instant().minus(Duration.ofMinutes(5)));
        storeTtftHistogram(slug, minute);
        api.ingestRequests(key, slug, List.of(RequestSampleJson.ok("req-1", minute.plusSeconds(10))));

        JsonNode answer = metrics(slug, minute).json();

        assertThat(answer.get("latencySource").asString()).isEqualTo("requests");
        assertThat(answer.get("approximate").isNull()).isTrue();
    }

    @Test
    void an_empty_window_says_so() {
        String slug = tenant.deployment("quiet");

        JsonNode answer =
                metrics(slug, Resolution.MINUTE.bucketOf(clock.instant())).json();

        assertThat(answer.get("latencySource").asString()).isEqualTo("none");
    }

    private Answer metrics(String slug, Instant minute) {
        Answer answer = api.get(
                "/api/v1/deployments/" + slug + "/metrics?from=" + minute.minus(Duration.ofMinutes(30)) + "&to="
                        + minute.plus(Duration.ofMinutes(10)),
                key);
        assertThat(answer.status()).isEqualTo(200);
        return answer;
    }

    /** 100 TTFTs: 40 up to 100 ms, 40 in (100, 150] ms, 19 in (150, 250] ms, 1 above. */
    private void storeTtftHistogram(String slug, Instant minute) {
        TenantScope scope = TenantScope.tenant(tenant.id());
        long deployment =
                context.getBean(DeploymentService.class).require(scope, slug).id();
        context.getBean(TenantTransactions.class).run(scope, () -> context.getBean(EngineLatencyRollupStore.class)
                .add(
                        tenant.id(),
                        deployment,
                        Resolution.MINUTE,
                        List.of(new EngineLatencyRollup(
                                "ttft", minute, new double[] {0.1, 0.15, 0.25, Double.POSITIVE_INFINITY}, new long[] {
                                    40, 40, 19, 1
                                }))));
    }
}
