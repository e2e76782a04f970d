package dev.inferencemetrics.otlp;

import static dev.inferencemetrics.otlp.ProtoSpans.export;
import static dev.inferencemetrics.otlp.ProtoSpans.failed;
import static dev.inferencemetrics.otlp.ProtoSpans.number;
import static dev.inferencemetrics.otlp.ProtoSpans.plain;
import static dev.inferencemetrics.otlp.ProtoSpans.vllm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.inferencemetrics.apikey.ApiAdmission;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HeldIngestCall;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The OTLP/HTTP trace endpoint: both encodings, gzip, partial success, resends and every refusal. */
class OtlpTracesIT extends ApiIntegrationTest {

    private static final String TRACES = "/v1/traces";
    private static final String PROTOBUF = "application/x-protobuf";
    private static final String SERVICE = "vllm-llama";

    private final HttpClient http = HttpClient.newHttpClient();
    private String deployment;
    private Instant now;

    OtlpTracesIT() {
        super("otlp-traces");
    }

    @BeforeAll
    void listTheServiceOnADeployment() {
        deployment = tenant.deployment("llama");
        names().replace(TenantScope.allTenants(), deployment, new OtlpNames(List.of(SERVICE), List.of()));
        now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    @Test
    void a_protobuf_export_is_stored_and_answered_with_an_empty_protobuf_response() throws Exception {
        long before = tenant.storedRequestSamples(deployment);

        Sent answer = send(
                TRACES,
                key,
                PROTOBUF,
                export(
                                SERVICE,
                                vllm("a000000000000001", now.minusSeconds(30), 0.08, 2.5, 512, 200)
                                        .build())
                        .toByteArray(),
                null);

        assertThat(answer.status).isEqualTo(200);
        assertThat(answer.contentType).startsWith(PROTOBUF);
        assertThat(ExportTraceServiceResponse.parseFrom(answer.body).hasPartialSuccess())
                .isFalse();
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before + 1);
        assertThat(tenant.storedRequestIds(deployment)).contains("5b8efff798038103d269b633813fc60c-a000000000000001");
    }

    @Test
    void a_json_export_with_hex_ids_under_the_api_path_is_answered_in_json() throws Exception {
        String body = """
                {"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"%s"}}]},
                  "scopeSpans":[{"spans":[{"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"b7ad6b7169203331",
                    "name":"chat","kind":3,"startTimeUnixNano":"%d","endTimeUnixNano":"%d",
                    "attributes":[{"key":"gen_ai.usage.input_tokens","value":{"intValue":"40"}},
                                  {"key":"gen_ai.usage.output_tokens","value":{"intValue":"8"}},
                                  {"key":"gen_ai.request.model","value":{"stringValue":"llama"}}],
                    "status":{"code":1}}]}]}]}""".formatted(
                SERVICE, nanos(now.minusSeconds(20)), nanos(now.minusSeconds(20).plusMillis(750)));

        Sent answer =
                send("/api/v1/otlp/v1/traces", key, "application/json", body.getBytes(StandardCharsets.UTF_8), null);

        assertThat(answer.status).isEqualTo(200);
        assertThat(answer.contentType).startsWith("application/json");
        assertThat(new String(answer.body, StandardCharsets.UTF_8)).isEqualTo("{}");
        assertThat(tenant.storedRequestIds(deployment)).contains("0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331");
    }

    @Test
    void a_gzip_export_is_decompressed_and_a_resend_is_a_duplicate_not_a_second_request() throws Exception {
        byte[] body = HttpApi.gzip(export(
                        SERVICE,
                        vllm("a000000000000002", now.minusSeconds(40), 0.05, 1.5, 100, 80)
                                .build(),
                        failed(vllm("a000000000000003", now.minusSeconds(41), 0.05, 0.5, 100, 1))
                                .build())
                .toByteArray());
        long before = tenant.storedRequestSamples(deployment);

        Sent first = send(TRACES, key, PROTOBUF, body, "gzip");
        Sent resent = send(TRACES, key, PROTOBUF, body, "gzip");

        assertThat(first.status).isEqualTo(200);
        assertThat(resent.status).isEqualTo(200);
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before + 2);
    }

    @Test
    void unmatched_and_invalid_spans_are_rejected_by_reason_and_plain_spans_ignored() throws Exception {
        ExportTraceServiceRequest request = export(
                        SERVICE,
                        vllm("a000000000000004", now.minusSeconds(50), 0.05, 1.0, 10, 20)
                                .build(),
                        vllm("a000000000000005", now.minusSeconds(50), 3.0, 1.0, 10, 20)
                                .addAttributes(number("gen_ai.latency.time_in_model_decode", 0.5))
                                .build(),
                        plain("a000000000000006", now.minusSeconds(50)).build())
                .toBuilder()
                .addResourceSpans(export(
                                "other-service",
                                vllm("a000000000000007", now.minusSeconds(50), 0.05, 1.0, 10, 20)
                                        .removeAttributes(0)
                                        .build())
                        .getResourceSpans(0))
                .build();
        long before = tenant.storedRequestSamples(deployment);

        Sent answer = send(TRACES, key, PROTOBUF, request.toByteArray(), null);

        ExportTraceServiceResponse response = ExportTraceServiceResponse.parseFrom(answer.body);
        assertThat(answer.status).isEqualTo(200);
        assertThat(response.getPartialSuccess().getRejectedSpans()).isEqualTo(2);
        assertThat(response.getPartialSuccess().getErrorMessage())
                .isEqualTo("2 span(s) rejected: 1 × no deployment of this tenant lists service.name"
                        + " \"other-service\" or model (none); 1 × ttftMs must not exceed e2eMs. 1 span(s) without"
                        + " gen_ai attributes ignored.");
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before + 1);
    }

    @Test
    void a_span_routes_by_its_model_when_its_service_name_is_not_listed() throws Exception {
        String byModel = tenant.deployment("by-model");
        names().replace(TenantScope.allTenants(), byModel, new OtlpNames(List.of(), List.of("Qwen/Qwen3-8B")));

        Sent answer = send(
                TRACES,
                key,
                PROTOBUF,
                export(
                                "unlisted",
                                vllm("a000000000000008", now.minusSeconds(10), 0.1, 0.4, 5, 5)
                                        .build())
                        .toByteArray(),
                null);

        assertThat(answer.status).isEqualTo(200);
        assertThat(tenant.storedRequestSamples(byModel)).isEqualTo(1);
    }

    @Test
    void a_name_belongs_to_one_deployment_of_a_tenant_but_other_tenants_may_use_it() {
        String second = tenant.deployment("second");
        TestTenant other = TestTenant.create(context, "otlp-other");
        String foreign = other.deployment("llama");

        assertThatThrownBy(() ->
                        names().replace(TenantScope.allTenants(), second, new OtlpNames(List.of(SERVICE), List.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The service name " + SERVICE + " already belongs to deployment " + deployment + ".");
        names().replace(TenantScope.allTenants(), foreign, new OtlpNames(List.of(SERVICE), List.of()));
        assertThat(names().of(TenantScope.tenant(other.id()), foreign).serviceNames())
                .containsExactly(SERVICE);
    }

    @Test
    void undecodable_bodies_are_400_and_other_content_types_415() throws Exception {
        assertThat(send(TRACES, key, PROTOBUF, new byte[] {0x0a, (byte) 0xff}, null).status)
                .isEqualTo(400);
        assertThat(send(TRACES, key, "application/json", "{\"resourceSpans\":[".getBytes(), null).status)
                .isEqualTo(400);
        assertThat(send(TRACES, key, PROTOBUF, "not gzip".getBytes(), "gzip").status)
                .isEqualTo(400);
        assertThat(send(TRACES, key, "text/plain", "spans".getBytes(), null).status)
                .isEqualTo(415);
    }

    @Test
    void no_key_is_401_and_a_key_without_the_ingest_scope_403() throws Exception {
        byte[] body = export(
                        SERVICE,
                        vllm("a000000000000009", now.minusSeconds(5), 0.1, 0.4, 5, 5)
                                .build())
                .toByteArray();

        assertThat(send(TRACES, null, PROTOBUF, body, null).status).isEqualTo(401);
        assertThat(send(TRACES, tenant.key(ApiScope.METRICS_READ), PROTOBUF, body, null).status)
                .isEqualTo(403);
    }

    @Test
    void a_body_over_the_limit_after_decompression_is_413() throws Exception {
        Sent answer = send(TRACES, key, PROTOBUF, HttpApi.gzip(new byte[6 * 1024 * 1024]), "gzip");

        assertThat(answer.status).isEqualTo(413);
    }

    @Test
    void a_protobuf_export_of_10_001_spans_is_refused_413_and_stores_none_of_them() throws Exception {
        io.opentelemetry.proto.trace.v1.Span empty = io.opentelemetry.proto.trace.v1.Span.getDefaultInstance();
        ExportTraceServiceRequest.Builder request =
                export(
                        SERVICE,
                        vllm("a00000000000000a", now.minusSeconds(15), 0.1, 0.4, 5, 5)
                                .build())
                        .toBuilder();
        request.getResourceSpansBuilder(0)
                .getScopeSpansBuilder(0)
                .addAllSpans(java.util.Collections.nCopies(10_000, empty));
        long before = tenant.storedRequestSamples(deployment);

        Sent answer = send(TRACES, key, PROTOBUF, request.build().toByteArray(), null);

        assertThat(answer.status).isEqualTo(413);
        assertThat(answer.contentType).startsWith("application/problem+json");
        assertThat(new String(answer.body, StandardCharsets.UTF_8))
                .contains("The export holds more than 10000 spans; send at most 10000 per call.");
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before);
    }

    @Test
    void a_json_export_of_10_001_spans_is_refused_413_and_stores_none_of_them() throws Exception {
        String valid = """
                {"traceId":"0af7651916cd43dd8448eb211c80319d","spanId":"b7ad6b7169203332","name":"chat",
                 "startTimeUnixNano":"%d","endTimeUnixNano":"%d",
                 "attributes":[{"key":"gen_ai.usage.input_tokens","value":{"intValue":"40"}},
                               {"key":"gen_ai.usage.output_tokens","value":{"intValue":"8"}}]}""".formatted(
                        nanos(now.minusSeconds(25)), nanos(now.minusSeconds(25).plusMillis(500)));
        String body = "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\","
                + "\"value\":{\"stringValue\":\"" + SERVICE + "\"}}]},\"scopeSpans\":[{\"spans\":[" + valid
                + ",{}".repeat(10_000) + "]}]}]}";
        long before = tenant.storedRequestSamples(deployment);

        Sent answer = send(TRACES, key, "application/json", body.getBytes(StandardCharsets.UTF_8), null);

        assertThat(answer.status).isEqualTo(413);
        assertThat(new String(answer.body, StandardCharsets.UTF_8))
                .contains("The export holds more than 10000 spans; send at most 10000 per call.");
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before);
    }

    @Test
    void a_tenant_with_every_ingest_slot_taken_gets_429_with_retry_after() throws Exception {
        TestTenant busy = TestTenant.create(context, "otlp-busy");
        String busyDeployment = busy.deployment("held");
        String busyKey = busy.fullKey();
        List<HeldIngestCall> held = new ArrayList<>();
        try {
            for (int call = 0; call < 16; call++) {
                held.add(new HeldIngestCall(
                        port,
                        busyKey,
                        api.batch(busyDeployment, List.of(RequestSampleJson.ok("held-" + call, now.minusSeconds(9))))));
            }
            awaitInFlight(busy.id(), 16);

            Sent refused = send(TRACES, busyKey, PROTOBUF, export(SERVICE).toByteArray(), null);

            assertThat(refused.status).isEqualTo(429);
            assertThat(refused.retryAfter).isEqualTo("1");
        } finally {
            for (HeldIngestCall call : held) {
                call.finish();
                call.close();
            }
        }
    }

    private void awaitInFlight(long tenantId, int expected) {
        ApiAdmission admission = context.getBean(ApiAdmission.class);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(admission.ingestsInFlight(tenantId))
                .isEqualTo(expected));
    }

    private DeploymentOtlpNames names() {
        return context.getBean(DeploymentOtlpNames.class);
    }

    private Sent send(
            String path, @Nullable String key, String contentType, byte[] body, @Nullable String contentEncoding)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        if (contentEncoding != null) {
            request.header("Content-Encoding", contentEncoding);
        }
        HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        return new Sent(
                response.statusCode(),
                response.body(),
                response.headers().firstValue("Content-Type").orElse(""),
                response.headers().firstValue("Retry-After").orElse(""));
    }

    private static long nanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    private record Sent(int status, byte[] body, String contentType, String retryAfter) {}
}
