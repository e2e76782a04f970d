package dev.inferencemetrics.otlp;

import static dev.inferencemetrics.otlp.ProtoSpans.export;
import static dev.inferencemetrics.otlp.ProtoSpans.failed;
import static dev.inferencemetrics.otlp.ProtoSpans.text;
import static dev.inferencemetrics.otlp.ProtoSpans.vllm;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import io.opentelemetry.proto.trace.v1.Span;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Requests that name a consumer, adapter and priority, sent through the JSON API, OTLP/HTTP and OTLP/gRPC, read back
 * per value from the breakdown and the filtered metrics: counts exact, percentiles within the accuracy contract, and
 * the cap of values per day holding when 5,000 consumers are sent at once.
 */
class BreakdownByDimensionIT extends ApiIntegrationTest {

    private static final String SERVICE = "vllm-breakdown";
    private static final int CONSUMERS = 50;
    private static final int ADAPTERS = 5;

    private final HttpClient http = HttpClient.newHttpClient();
    private Instant start;

    BreakdownByDimensionIT() {
        super("breakdown-by-dimension");
    }

    @BeforeAll
    void chooseAnHourWithinOneUtcDay() {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        Instant candidate = now.minus(55, ChronoUnit.MINUTES);
        // the cap counts per UTC day: keep every request of a test on one day
        start = day(candidate).equals(day(now.minusSeconds(1)))
                ? candidate
                : now.truncatedTo(ChronoUnit.DAYS).minus(1, ChronoUnit.HOURS);
    }

    @Test
    void every_consumer_adapter_and_priority_reads_back_exact_counts_and_percentiles_within_the_contract()
            throws Exception {
        String deployment = tenant.deployment("mixed");
        context.getBean(DeploymentOtlpNames.class)
                .replace(TenantScope.allTenants(), deployment, new OtlpNames(List.of(SERVICE), List.of()));
        Sent sent = new Sent();
        List<RequestSampleJson> json = new ArrayList<>();
        List<Span> spans = new ArrayList<>();
        Random random = new Random(31);
        int request = 0;
        for (int c = 0; c < CONSUMERS; c++) {
            String consumer = "org-%02d".formatted(c);
            for (int i = 0; i < 20 + c; i++, request++) {
                String adapter = "sql-lora-" + (request % ADAPTERS);
                String priority = request % 3 == 0 ? "batch" : "interactive";
                Instant ts = start.plusMillis(request * 1_300L);
                boolean ok = request % 11 != 0;
                double ttft = Math.round(40 * (1 + c % 7) * Math.exp(0.6 * random.nextGaussian()) * 1_000) / 1_000.0;
                sent.add(consumer, adapter, priority, ok, ttft);
                if (request % 2 == 0) {
                    RequestSampleJson sample = ok
                            ? RequestSampleJson.ok("json-" + request, ts)
                                    .ttft(ttft)
                                    .e2e(ttft + 900)
                            : RequestSampleJson.failed("json-" + request, ts, "error");
                    json.add(sample.set("consumer", consumer)
                            .set("adapter", adapter)
                            .set("priority", priority));
                } else {
                    Span.Builder span = vllm(
                                    "%016x".formatted(request + 1), ts, ttft / 1_000, (ttft + 900) / 1_000, 300, 60)
                            // a gateway's label on some spans, the end user's id on the others
                            .addAttributes(
                                    text(request % 4 == 1 ? "inference_metrics.consumer" : "enduser.id", consumer))
                            .addAttributes(text("gen_ai.request.model", adapter))
                            .addAttributes(text("inference_metrics.priority", priority));
                    spans.add((ok ? span : failed(span)).build());
                }
            }
        }
        assertThat(api.ingestRequests(key, deployment, json).rejected()).isZero();
        for (int from = 0; from < spans.size(); from += 400) {
            assertThat(sendOtlp(export(
                                    SERVICE,
                                    spans.subList(from, Math.min(spans.size(), from + 400))
                                            .toArray(Span[]::new))
                            .toByteArray()))
                    .isEqualTo(200);
        }
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(request);
        // the breakdowns count the batches once the fold has taken them, within about a second of ingest
        assertThat(context.getBean(DimensionDeltaFold.class).foldWaiting()).isPositive();

        for (String dimension : List.of("consumer", "adapter", "priority")) {
            JsonNode breakdown = breakdown(deployment, dimension, 1_000);
            Map<String, Expected> expected = sent.by(dimension);
            assertThat(breakdown.get("otherCounted").asBoolean()).isFalse();
            assertThat(breakdown.get("total").asInt()).as(dimension).isEqualTo(expected.size());
            Double previous = Double.MAX_VALUE;
            for (JsonNode row : breakdown.get("values")) {
                String value = row.get("value").asString();
                Expected want = expected.get(value);
                assertThat(want).as("%s %s was sent", dimension, value).isNotNull();
                assertThat(row.get("requests").asLong()).as(value).isEqualTo(want.requests());
                assertThat(row.get("errors").asLong()).as(value).isEqualTo(want.errors());
                AccuracyContract.assertQuantile(
                        want.sortedTtft(), 0.5, row.get("ttftP50Ms").asDouble(), value + " TTFT p50");
                AccuracyContract.assertQuantile(
                        want.sortedTtft(), 0.99, row.get("ttftP99Ms").asDouble(), value + " TTFT p99");
                double p99 = row.get("ttftP99Ms").asDouble();
                assertThat(p99).as("slowest first").isLessThanOrEqualTo(previous);
                previous = p99;
            }
        }
        for (String consumer : List.of("org-00", "org-13", "org-49")) {
            Expected want = sent.by("consumer").get(consumer);
            HttpApi.Answer answer = api.get(metricsPath(deployment) + "&consumer=" + consumer, key);
            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            assertThat(answer.json().get("filter").get("value").asString()).isEqualTo(consumer);
            DeploymentMetrics metrics = answer.as(DeploymentMetrics.class);
            assertThat(metrics.summary().requests()).isEqualTo(want.requests());
            assertThat(metrics.summary().errors()).isEqualTo(want.errors());
            AccuracyContract.assertQuantile(
                    want.sortedTtft(), 0.99, metrics.summary().ttft().p99(), consumer + " TTFT p99 of the metrics");
        }
        DeploymentMetrics whole = api.get(metricsPath(deployment), key).as(DeploymentMetrics.class);
        assertThat(whole.summary().requests()).isEqualTo(request);
        DeploymentMetrics batch =
                api.get(metricsPath(deployment) + "&priority=batch", key).as(DeploymentMetrics.class);
        assertThat(batch.summary().requests())
                .isEqualTo(sent.by("priority").get("batch").requests());
    }

    @Test
    void five_thousand_consumers_in_a_day_keep_500_on_their_own_and_count_the_rest_exactly_under_other()
            throws Exception {
        String deployment = tenant.deployment("capped");
        List<CompletableFuture<HttpApi.Answer>> calls = IntStream.range(0, 5)
                .mapToObj(part -> CompletableFuture.supplyAsync(() -> api.post(
                        HttpApi.INGEST_REQUESTS,
                        key,
                        HttpApi.JSON,
                        api.batch(
                                deployment,
                                IntStream.range(part * 1_000, (part + 1) * 1_000)
                                        .mapToObj(i -> RequestSampleJson.ok("cap-" + i, start.plusMillis(i * 100L))
                                                .set("consumer", "user-%04d".formatted(i)))
                                        .toList()))))
                .toList();
        calls.forEach(call -> assertThat(api.accepted(call.join()).accepted()).isEqualTo(1_000));
        context.getBean(DimensionDeltaFold.class).foldWaiting();

        JsonNode breakdown = breakdown(deployment, "consumer", 1_000);
        assertThat(breakdown.get("total").asInt()).isEqualTo(501);
        assertThat(breakdown.get("otherCounted").asBoolean()).isTrue();
        long total = 0;
        JsonNode other = null;
        String admitted = null;
        for (JsonNode row : breakdown.get("values")) {
            total += row.get("requests").asLong();
            if (row.get("other").asBoolean()) {
                other = row;
            } else {
                assertThat(row.get("requests").asLong()).isEqualTo(1);
                admitted = row.get("value").asString();
            }
        }
        assertThat(total).isEqualTo(5_000);
        assertThat(other).isNotNull();
        assertThat(other.get("value").asString()).isEqualTo("other");
        assertThat(other.get("requests").asLong()).isEqualTo(4_500);

        // later the same day: an admitted consumer keeps its own row, a new one still counts under other
        String refused = IntStream.range(0, 5_000)
                .mapToObj("user-%04d"::formatted)
                .filter(name -> !breakdown.toString().contains("\"" + name + "\""))
                .findFirst()
                .orElseThrow();
        api.ingestRequests(
                key,
                deployment,
                List.of(
                        RequestSampleJson.ok("cap-late-1", start.plusSeconds(600))
                                .set("consumer", admitted),
                        RequestSampleJson.ok("cap-late-2", start.plusSeconds(601))
                                .set("consumer", refused),
                        RequestSampleJson.ok("cap-late-3", start.plusSeconds(602))
                                .set("consumer", "newcomer")));
        context.getBean(DimensionDeltaFold.class).foldWaiting();
        JsonNode after = breakdown(deployment, "consumer", 1_000);
        assertThat(after.get("total").asInt()).isEqualTo(501);
        for (JsonNode row : after.get("values")) {
            if (row.get("other").asBoolean()) {
                assertThat(row.get("requests").asLong()).isEqualTo(4_502);
            } else if (row.get("value").asString().equals(admitted)) {
                assertThat(row.get("requests").asLong()).isEqualTo(2);
            }
        }
        HttpApi.Answer filtered = api.get(metricsPath(deployment) + "&consumer=" + admitted, key);
        assertThat(filtered.json().get("filter").get("otherCounted").asBoolean())
                .isTrue();
        assertThat(filtered.as(DeploymentMetrics.class).summary().requests()).isEqualTo(2);
        assertThat(api.get(metricsPath(deployment), key)
                        .as(DeploymentMetrics.class)
                        .summary()
                        .requests())
                .isEqualTo(5_003);
    }

    @Test
    void values_that_are_not_labels_are_refused_by_ingest_and_by_the_filters() throws Exception {
        String deployment = tenant.deployment("refusals");
        Instant ts = start.plusSeconds(5);
        var answer = api.ingestRequests(
                key,
                deployment,
                List.of(
                        RequestSampleJson.ok("bad-1", ts).set("consumer", "two words"),
                        RequestSampleJson.ok("bad-2", ts).set("consumer", "sk-proj-abcdefghijklmnop"),
                        RequestSampleJson.ok("bad-3", ts).set("adapter", "x".repeat(129)),
                        RequestSampleJson.ok("bad-4", ts).set("priority", 3),
                        RequestSampleJson.ok("bad-5", ts).set("consumer", "-leading-dash"),
                        RequestSampleJson.ok("good", ts).set("consumer", "team/search@eu")));
        assertThat(answer.accepted()).isEqualTo(1);
        assertThat(answer.errors())
                .extracting(error -> error.reason())
                .anySatisfy(reason -> assertThat(reason).contains("consumer may hold only"))
                .anySatisfy(reason -> assertThat(reason).contains("looks like a credential"))
                .anySatisfy(reason -> assertThat(reason).contains("adapter is longer than 128"))
                .anySatisfy(reason -> assertThat(reason).contains("priority must be a string"));

        context.getBean(DeploymentOtlpNames.class)
                .replace(TenantScope.allTenants(), deployment, new OtlpNames(List.of("refusing"), List.of()));
        assertThat(sendOtlp(export(
                                "refusing",
                                vllm("00000000000000aa", ts, 0.1, 1, 10, 10)
                                        .addAttributes(text("enduser.id", "Bearer abc"))
                                        .build())
                        .toByteArray()))
                .isEqualTo(200);
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(1);

        for (String query : List.of(
                "&consumer=" + encode("two words"),
                "&consumer=imk_abc",
                "&adapter=" + "a".repeat(129),
                "&consumer=a&adapter=b")) {
            HttpApi.Answer refused = api.get(metricsPath(deployment) + query, key);
            assertThat(refused.status()).as(query).isEqualTo(400);
            assertThat(refused.header("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        }
        for (String query : List.of("dimension=region", "dimension=consumer&limit=0", "dimension=consumer&limit=x")) {
            assertThat(api.get("/api/v1/deployments/" + deployment + "/breakdown?" + query, key)
                            .status())
                    .as(query)
                    .isEqualTo(400);
        }
        assertThat(api.get(
                                "/api/v1/deployments/" + deployment + "/breakdown?dimension=consumer&from="
                                        + start.minus(40, ChronoUnit.DAYS) + "&to=" + start,
                                key)
                        .status())
                .isEqualTo(400);
        context.getBean(DimensionDeltaFold.class).foldWaiting();
        JsonNode good = breakdown(deployment, "consumer", 10);
        assertThat(good.get("values").get(0).get("value").asString()).isEqualTo("team/search@eu");
    }

    private JsonNode breakdown(String deployment, String dimension, int limit) {
        HttpApi.Answer answer = api.get(
                "/api/v1/deployments/" + deployment + "/breakdown?dimension=" + dimension + "&limit=" + limit + "&from="
                        + start + "&to=" + start.plus(1, ChronoUnit.HOURS),
                key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    private String metricsPath(String deployment) {
        return "/api/v1/deployments/" + deployment + "/metrics?from=" + start + "&to="
                + start.plus(1, ChronoUnit.HOURS);
    }

    private int sendOtlp(byte[] body) throws Exception {
        HttpResponse<byte[]> response = http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/v1/traces"))
                        .header("Content-Type", "application/x-protobuf")
                        .header("Authorization", "Bearer " + key)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return response.statusCode();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static LocalDate day(Instant instant) {
        return LocalDate.ofInstant(instant, ZoneOffset.UTC);
    }

    /** What was sent, per dimension and value. */
    private static final class Sent {
        private final Map<String, Map<String, Expected>> byDimension = new HashMap<>();

        void add(String consumer, String adapter, String priority, boolean ok, double ttft) {
            add("consumer", consumer, ok, ttft);
            add("adapter", adapter, ok, ttft);
            add("priority", priority, ok, ttft);
        }

        private void add(String dimension, String value, boolean ok, double ttft) {
            byDimension
                    .computeIfAbsent(dimension, d -> new HashMap<>())
                    .computeIfAbsent(value, v -> new Expected())
                    .add(ok, ttft);
        }

        Map<String, Expected> by(String dimension) {
            return byDimension.get(dimension);
        }
    }

    private static final class Expected {
        private long requests;
        private long errors;
        private final List<Double> ttft = new ArrayList<>();

        void add(boolean ok, double ttftMs) {
            requests++;
            if (ok) {
                ttft.add(ttftMs);
            } else {
                errors++;
            }
        }

        long requests() {
            return requests;
        }

        long errors() {
            return errors;
        }

        double[] sortedTtft() {
            return ttft.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        }
    }
}
