package dev.inferencemetrics.autoscale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.scrape.exposition.ExpositionParser;
import dev.inferencemetrics.scrape.exposition.Sample;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The autoscaling signals over HTTP: values from planted rollups, as JSON and as Prometheus text read back by our own
 * exposition parser; tenants, scopes and bad input. The traffic lies three and two minutes back, inside the last five
 * whole minutes however the minute turns while the test runs.
 */
class AutoscalingApiIT extends ApiIntegrationTest {

    @Autowired
    EngineGaugeRollupStore gauges;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    DeploymentService deploymentService;

    private String busy;
    private String quiet;
    private String foreign;
    private String metricsKey;
    private final List<Double> ttfts = new ArrayList<>();

    AutoscalingApiIT() {
        super("autoscaling");
    }

    @BeforeAll
    void plantedTraffic() {
        busy = tenant.deployment("busy");
        quiet = tenant.deployment("quiet");
        foreign = TestTenant.create(context, "autoscaling-other").deployment("other");
        metricsKey = tenant.key(ApiScope.METRICS_READ);
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES).minusSeconds(180);
        List<RequestSampleJson> samples = new ArrayList<>();
        // 150 fast requests (50–124.5 ms) and 50 slow ones (300–398 ms), each 1.5 s end to end with 20 ms gaps
        for (int i = 0; i < 200; i++) {
            double ttft = i < 150 ? 50 + i * 0.5 : 300 + (i - 150) * 2;
            ttfts.add(ttft);
            samples.add(RequestSampleJson.ok("r" + i, minute.plusMillis(i * 500L))
                    .ttft(ttft)
                    .e2e(1500)
                    .itl(20, 20, 20)
                    .tokens(10, 4));
        }
        samples.add(RequestSampleJson.failed("failed", minute.plusSeconds(10), "error"));
        assertThat(api.ingestRequests(key, busy, samples).accepted()).isEqualTo(201);
        // the TTFT objective: 99 % within 200 ms, so the 50 slow requests of 200 burn at 0.25 ÷ 0.01 = 25
        assertThat(api.put(
                                "/api/v1/deployments/" + busy + "/objectives/TTFT",
                                key,
                                "{\"targetPct\":99,\"thresholdMs\":200,\"enabled\":true}"
                                        .getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(200);
        long id =
                deploymentService.require(TenantScope.tenant(tenant.id()), busy).id();
        transactions.run(
                TenantScope.tenant(tenant.id()),
                () -> gauges.add(
                        tenant.id(),
                        id,
                        Resolution.MINUTE,
                        List.of(
                                new EngineGaugeRollup("running", minute, 2, 30, 10, 20),
                                new EngineGaugeRollup("waiting", minute, 2, 8, 2, 6))));
    }

    @Test
    void the_json_document_holds_the_exact_p99s_the_burn_rate_the_gauges_and_littles_law() {
        Answer answer = api.get("/api/v1/deployments/" + busy + "/autoscaling", metricsKey);

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode json = answer.json();
        assertThat(json.get("deployment").asString()).isEqualTo(busy);
        assertThat(json.get("requests").asLong()).isEqualTo(201);
        AccuracyContract.assertQuantile(
                sortedTtfts(), 0.99, json.get("ttftP99Ms").asDouble(), "TTFT p99");
        assertThat(json.get("itlP99Ms").asDouble()).isCloseTo(20, within(0.2));
        assertThat(json.get("ttftBurnRate").asDouble()).isCloseTo(25, within(0.01));
        assertThat(json.get("runningPerReplica").asDouble()).isEqualTo(15);
        assertThat(json.get("waitingPerReplica").asDouble()).isEqualTo(4);
        // 200 requests × 1.5 s in the system over 300 s: one in flight on average
        assertThat(json.get("concurrency").asDouble()).isCloseTo(1.0, within(0.01));
        assertThat(Instant.parse(json.get("to").asString()).getEpochSecond() % 60)
                .isZero();
    }

    /**
     * 2,100 requests in one minute and 600 in the next, each 150 ms to its first token of which it waited 100 ms: a
     * 35 requests/s peak and 50 ms of service. Against the default 500 ms TTFT target the ceiling is x ÷ (1 + x) with
     * x = (500 ÷ 50 − 1) ÷ (27 ÷ 7) = 7 ÷ 3, so 70 %; a replica serves 0.70 × 1000 ÷ 50 = 14 requests/s, and the
     * peak needs ⌈35 ÷ 14⌉ = ⌈2.5⌉ = 3 replicas (the five minutes' mean of 9 requests/s would say 1).
     */
    @Test
    void the_recommended_replicas_size_the_busiest_minute_at_the_ceiling_of_the_ttft_target() {
        TestTenant sizing = TestTenant.create(context, "autoscaling-sizing");
        String sized = sizing.deployment("sized");
        String sizingKey = sizing.key(ApiScope.INGEST, ApiScope.METRICS_READ);
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES).minusSeconds(180);
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < 2_700; i++) {
            Instant ts = i < 2_100
                    ? minute.plusMillis(i * 28L)
                    : minute.plusSeconds(60).plusMillis((i - 2_100) * 100L);
            samples.add(RequestSampleJson.ok("s" + i, ts)
                    .ttft(150)
                    .set("queueMs", 100)
                    .e2e(1_000)
                    .tokens(10, 4));
        }
        assertThat(api.ingestRequests(sizingKey, sized, samples).accepted()).isEqualTo(2_700);

        JsonNode json = api.get("/api/v1/deployments/" + sized + "/autoscaling", sizingKey)
                .json();
        List<Sample> text =
                ExpositionParser.parse(api.get("/api/v1/autoscaling", sizingKey).body());

        assertThat(json.get("requests").asLong()).isEqualTo(2_700);
        assertThat(json.get("peakRequestsPerSecond").asDouble()).isEqualTo(35.0);
        assertThat(json.get("serviceTimeMs").asDouble()).isCloseTo(50, within(2.5));
        assertThat(json.get("ttftTargetMs").asDouble()).isEqualTo(500.0);
        assertThat(json.get("recommendedReplicas").asInt()).isEqualTo(3);
        assertThat(value(text, "inferencemetrics_recommended_replicas", sized)).isEqualTo(3);
    }

    @Test
    void the_recommendation_of_the_busy_deployment_rests_on_its_mean_ttft_for_want_of_queue_times() {
        JsonNode json = api.get("/api/v1/deployments/" + busy + "/autoscaling", metricsKey)
                .json();

        // 121 requests in the first minute (120 ok, one failed) and 80 in the next: a peak of 121 ÷ 60 requests/s.
        // Mean TTFT (150 × 87.25 + 50 × 349) ÷ 200 = 152.69 ms; against 500 ms, x = (500 ÷ 152.69 − 1) ÷ (27 ÷ 7) =
        // 0.5897, a 37.1 % ceiling and 2.43 requests/s per replica: one replica.
        assertThat(json.get("peakRequestsPerSecond").asDouble()).isCloseTo(121 / 60.0, within(1e-9));
        assertThat(json.get("serviceTimeMs").asDouble()).isCloseTo(152.69, within(1.6));
        assertThat(json.get("recommendedReplicas").asInt()).isEqualTo(1);
    }

    @Test
    void a_deployment_without_traffic_answers_nulls_and_no_requests() {
        JsonNode json = api.get("/api/v1/deployments/" + quiet + "/autoscaling", metricsKey)
                .json();

        assertThat(json.get("requests").asLong()).isZero();
        assertThat(json.get("ttftP99Ms").isNull()).isTrue();
        assertThat(json.get("ttftBurnRate").isNull()).isTrue();
        assertThat(json.get("concurrency").isNull()).isTrue();
        assertThat(json.get("waitingPerReplica").isNull()).isTrue();
        assertThat(json.get("recommendedReplicas").isNull()).isTrue();
    }

    @Test
    void the_prometheus_text_holds_one_series_per_deployment_of_the_tenant_and_parses_back() {
        Answer answer = api.get("/api/v1/autoscaling", metricsKey);
        JsonNode json = api.get("/api/v1/deployments/" + busy + "/autoscaling", metricsKey)
                .json();

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.header("Content-Type").map(type -> type.replace(" ", "")))
                .hasValue("text/plain;version=0.0.4;charset=utf-8");
        List<Sample> samples = ExpositionParser.parse(answer.body());
        assertThat(samples).allMatch(sample -> sample.label("tenant").equals(tenant.slug()));
        assertThat(samples).noneMatch(sample -> sample.label("deployment").equals(foreign));
        assertThat(value(samples, "inferencemetrics_ttft_p99_seconds", busy))
                .isCloseTo(json.get("ttftP99Ms").asDouble() / 1000, within(1e-9));
        assertThat(value(samples, "inferencemetrics_ttft_burn_rate", busy)).isCloseTo(25, within(0.01));
        assertThat(value(samples, "inferencemetrics_requests_waiting_per_replica", busy))
                .isEqualTo(4);
        assertThat(value(samples, "inferencemetrics_window_requests", quiet)).isZero();
        assertThat(samples)
                .filteredOn(sample -> sample.name().equals("inferencemetrics_ttft_p99_seconds"))
                .extracting(sample -> sample.label("deployment"))
                .containsExactly(busy);
        assertThat(value(samples, "inferencemetrics_recommended_replicas", busy))
                .isEqualTo(json.get("recommendedReplicas").asDouble());
        assertThat(samples)
                .filteredOn(sample -> sample.name().equals("inferencemetrics_recommended_replicas"))
                .extracting(sample -> sample.label("deployment"))
                .containsExactly(busy);
    }

    @Test
    void the_prometheus_text_comes_a_page_at_a_time() {
        Answer first = api.get("/api/v1/autoscaling?limit=1", metricsKey);
        Answer second = api.get("/api/v1/autoscaling?limit=1&offset=1", metricsKey);

        assertThat(first.header("X-Total-Count")).hasValue("2");
        assertThat(deployments(first)).containsExactly(busy);
        assertThat(first.body()).contains("next page: offset=1");
        assertThat(deployments(second)).containsExactly(quiet);
    }

    @Test
    void another_tenants_deployment_an_unknown_slug_a_wrong_scope_and_bad_paging_are_refused() {
        String ingestOnly = tenant.key(ApiScope.INGEST);

        // as every deployment endpoint answers: another tenant's slug is a 403, an unknown one a 404
        for (String slug : List.of(foreign, "no-such-deployment")) {
            Answer autoscaling = api.get("/api/v1/deployments/" + slug + "/autoscaling", metricsKey);
            Answer metrics = api.get("/api/v1/deployments/" + slug + "/metrics", metricsKey);
            assertThat(autoscaling.status()).as(slug).isEqualTo(slug.equals(foreign) ? 403 : 404);
            assertThat(autoscaling.status()).as(slug).isEqualTo(metrics.status());
            assertThat(autoscaling.header("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        }
        assertThat(api.get("/api/v1/deployments/" + busy + "/autoscaling", ingestOnly)
                        .status())
                .isEqualTo(403);
        assertThat(api.get("/api/v1/autoscaling", ingestOnly).status()).isEqualTo(403);
        assertThat(api.get("/api/v1/autoscaling", null).status()).isEqualTo(401);
        for (String query : List.of("limit=0", "limit=1001", "limit=ten", "offset=-1")) {
            Answer bad = api.get("/api/v1/autoscaling?" + query, metricsKey);
            assertThat(bad.status()).as(query).isEqualTo(400);
            assertThat(bad.header("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        }
    }

    @Test
    void the_openapi_document_describes_both_endpoints_every_field_and_the_preset_list() {
        JsonNode document = api.get("/v3/api-docs", key).json();
        JsonNode paths = document.path("paths");

        assertThat(paths.path("/api/v1/autoscaling")
                        .path("get")
                        .path("description")
                        .asString())
                .contains("inferencemetrics_ttft_p99_seconds");
        assertThat(paths.path("/api/v1/autoscaling")
                        .path("get")
                        .path("parameters")
                        .toString())
                .contains("limit")
                .contains("offset");
        assertThat(paths.path("/api/v1/deployments/{slug}/autoscaling").has("get"))
                .isTrue();
        assertThat(paths.path("/api/v1/slo-presets").has("get")).isTrue();
        assertThat(paths.path("/api/v1/deployments/{slug}/objectives").has("put"))
                .isTrue();
        JsonNode fields = document.path("components")
                .path("schemas")
                .path("ScalingSignals")
                .path("properties");
        for (String field : List.of(
                "ttftP99Ms",
                "itlP99Ms",
                "ttftBurnRate",
                "waitingPerReplica",
                "runningPerReplica",
                "concurrency",
                "requests",
                "recommendedReplicas")) {
            assertThat(fields.has(field)).as(field).isTrue();
        }
    }

    private double[] sortedTtfts() {
        return ttfts.stream().flatMapToDouble(DoubleStream::of).sorted().toArray();
    }

    private static double value(List<Sample> samples, String name, String deployment) {
        return samples.stream()
                .filter(sample ->
                        sample.name().equals(name) && sample.label("deployment").equals(deployment))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " of " + deployment))
                .value();
    }

    private static List<String> deployments(Answer answer) {
        return ExpositionParser.parse(answer.body()).stream()
                .filter(sample -> sample.name().equals("inferencemetrics_window_requests"))
                .map(sample -> sample.label("deployment"))
                .toList();
    }
}
