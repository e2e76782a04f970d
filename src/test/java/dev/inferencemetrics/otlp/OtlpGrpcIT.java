package dev.inferencemetrics.otlp;

import static dev.inferencemetrics.otlp.ProtoSpans.export;
import static dev.inferencemetrics.otlp.ProtoSpans.failed;
import static dev.inferencemetrics.otlp.ProtoSpans.number;
import static dev.inferencemetrics.otlp.ProtoSpans.plain;
import static dev.inferencemetrics.otlp.ProtoSpans.text;
import static dev.inferencemetrics.otlp.ProtoSpans.vllm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.google.rpc.RetryInfo;
import dev.inferencemetrics.apikey.ApiAdmission;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.MetricsAccuracy;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HeldIngestCall;
import dev.inferencemetrics.testing.OtlpGrpcClient;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.SentRequests;
import dev.inferencemetrics.testing.TestTenant;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * OTLP over gRPC: what the OpenTelemetry SDK's gRPC exporter sends reads back exactly, and every answer and refusal
 * of OTLP/HTTP comes as its gRPC status, with the same key, tenant, limits and partial success.
 */
class OtlpGrpcIT extends ApiIntegrationTest {

    private static final String SERVICE = "vllm-grpc";
    private static final int SDK_SPANS = 600;
    private static final Duration BETWEEN_SPANS = Duration.ofSeconds(6);

    private String deployment;
    private Instant now;
    private int grpcPort;
    private OtlpGrpcClient grpc;

    OtlpGrpcIT() {
        super("otlp-grpc");
    }

    @BeforeAll
    void listTheServiceOnADeploymentAndConnect() {
        deployment = tenant.deployment("qwen");
        names().replace(TenantScope.allTenants(), deployment, new OtlpNames(List.of(SERVICE), List.of()));
        now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        grpcPort = context.getBean(OtlpGrpcServer.class).port();
        grpc = new OtlpGrpcClient(grpcPort);
    }

    @AfterAll
    void disconnect() throws InterruptedException {
        grpc.close();
    }

    @Test
    void spans_from_the_sdks_grpc_exporter_read_back_through_the_metrics_api_with_exact_counts() {
        String sdkDeployment = tenant.deployment("sdk");
        names().replace(TenantScope.allTenants(), sdkDeployment, new OtlpNames(List.of("vllm-sdk"), List.of()));
        Instant start = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        SentRequests sent = new SentRequests();

        CompletableResultCode flushed = exportWithTheSdk(start, sent);

        assertThat(flushed.isSuccess()).as("the exporter's last export").isTrue();
        Instant to = start.plus(BETWEEN_SPANS.multipliedBy(SDK_SPANS));
        DeploymentMetrics metrics = api.metrics(key, sdkDeployment, start, to, "PT5M");
        MetricsAccuracy.assertMatches(metrics, sent, start, to, 300);
        assertThat(tenant.storedRequestSamples(sdkDeployment)).isEqualTo(SDK_SPANS);
    }

    @Test
    void a_gzip_message_is_stored_and_a_resend_is_a_duplicate_not_a_second_request() {
        byte[] message = export(
                        SERVICE,
                        vllm("b000000000000001", now.minusSeconds(40), 0.05, 1.5, 100, 80)
                                .build(),
                        failed(vllm("b000000000000002", now.minusSeconds(41), 0.05, 0.5, 100, 1))
                                .build())
                .toByteArray();
        long before = tenant.storedRequestSamples(deployment);

        ExportTraceServiceResponse first = grpc.export(key, message, "gzip");
        ExportTraceServiceResponse resent = grpc.export(key, message, "gzip");

        assertThat(first.hasPartialSuccess()).isFalse();
        assertThat(resent.hasPartialSuccess()).isFalse();
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before + 2);
        assertThat(tenant.storedRequestIds(deployment)).contains("5b8efff798038103d269b633813fc60c-b000000000000001");
    }

    @Test
    void unmatched_and_invalid_spans_are_rejected_in_partial_success_as_over_http() {
        ExportTraceServiceRequest request = export(
                        SERVICE,
                        vllm("b000000000000003", now.minusSeconds(50), 0.05, 1.0, 10, 20)
                                .build(),
                        vllm("b000000000000004", now.minusSeconds(50), 3.0, 1.0, 10, 20)
                                .addAttributes(number("gen_ai.latency.time_in_model_decode", 0.5))
                                .build(),
                        plain("b000000000000005", now.minusSeconds(50)).build())
                .toBuilder()
                .addResourceSpans(export(
                                "other-service",
                                vllm("b000000000000006", now.minusSeconds(50), 0.05, 1.0, 10, 20)
                                        .removeAttributes(0)
                                        .build())
                        .getResourceSpans(0))
                .build();
        long before = tenant.storedRequestSamples(deployment);

        ExportTraceServiceResponse response = grpc.export(key, request);

        assertThat(response.getPartialSuccess().getRejectedSpans()).isEqualTo(2);
        assertThat(response.getPartialSuccess().getErrorMessage())
                .isEqualTo("2 span(s) rejected: 1 × no deployment of this tenant lists service.name"
                        + " \"other-service\" or model (none); 1 × ttftMs must not exceed e2eMs. 1 span(s) without"
                        + " gen_ai attributes ignored.");
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before + 1);
    }

    @Test
    void a_span_naming_another_tenants_service_is_rejected_and_reaches_only_that_tenant_with_its_own_key() {
        TestTenant other = TestTenant.create(context, "otlp-grpc-other");
        String foreign = other.deployment("llama");
        names().replace(TenantScope.allTenants(), foreign, new OtlpNames(List.of("grpc-foreign"), List.of()));
        ExportTraceServiceRequest request = export(
                "grpc-foreign",
                vllm("b000000000000007", now.minusSeconds(30), 0.1, 0.4, 5, 5).build());

        ExportTraceServiceResponse ours = grpc.export(key, request);

        assertThat(ours.getPartialSuccess().getRejectedSpans()).isEqualTo(1);
        assertThat(other.storedRequestSamples(foreign)).isZero();
        assertThat(grpc.export(other.key(ApiScope.INGEST), request).hasPartialSuccess())
                .isFalse();
        assertThat(other.storedRequestSamples(foreign)).isEqualTo(1);
    }

    @Test
    void no_key_or_a_bad_key_is_unauthenticated_and_a_key_without_the_ingest_scope_permission_denied() {
        ExportTraceServiceRequest request = export(
                SERVICE,
                vllm("b000000000000008", now.minusSeconds(5), 0.1, 0.4, 5, 5).build());
        long before = tenant.storedRequestSamples(deployment);

        assertThat(refusal(() -> grpc.export(null, request)).getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(refusal(() -> grpc.export("imk_notAKey", request)).getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(refusal(() -> grpc.export(tenant.key(ApiScope.METRICS_READ), request))
                        .getCode())
                .isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before);
    }

    @Test
    void a_message_over_the_body_limit_is_refused_plain_or_compressed_and_nothing_is_stored() {
        ExportTraceServiceRequest large = export(
                SERVICE,
                vllm("b000000000000009", now.minusSeconds(15), 0.1, 0.4, 5, 5)
                        .addAttributes(text("padding", "x".repeat(6 * 1024 * 1024)))
                        .build());
        long before = tenant.storedRequestSamples(deployment);

        assertThat(refusal(() -> grpc.export(key, large)).getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refusal(() -> grpc.export(key, large.toByteArray(), "gzip")).getCode())
                .isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before);
    }

    @Test
    void an_export_of_10_001_spans_is_refused_before_it_is_decoded_and_stores_none_of_them() {
        ExportTraceServiceRequest.Builder request =
                export(
                        SERVICE,
                        vllm("b00000000000000a", now.minusSeconds(15), 0.1, 0.4, 5, 5)
                                .build())
                        .toBuilder();
        request.getResourceSpansBuilder(0)
                .getScopeSpansBuilder(0)
                .addAllSpans(Collections.nCopies(10_000, io.opentelemetry.proto.trace.v1.Span.getDefaultInstance()));
        long before = tenant.storedRequestSamples(deployment);

        Status refused = refusal(() -> grpc.export(key, request.build()));

        assertThat(refused.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getDescription())
                .isEqualTo("The export holds more than 10000 spans; send at most 10000 per call.");
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(before);
    }

    @Test
    void a_message_that_is_not_an_export_is_an_invalid_argument() {
        Status refused = refusal(() -> grpc.export(key, new byte[] {0x0a, (byte) 0xff}, null));

        assertThat(refused.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(refused.getDescription()).isEqualTo("The message is not an OTLP protobuf trace export.");
    }

    @Test
    void a_tenant_with_every_ingest_slot_taken_is_refused_resource_exhausted_with_retry_info() throws Exception {
        TestTenant busy = TestTenant.create(context, "otlp-grpc-busy");
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
            ApiAdmission admission = context.getBean(ApiAdmission.class);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(admission.ingestsInFlight(busy.id()))
                    .isEqualTo(16));

            StatusRuntimeException refused = refused(() -> grpc.export(busyKey, export(SERVICE)));

            assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            RetryInfo retry = StatusProto.fromThrowable(refused).getDetails(0).unpack(RetryInfo.class);
            assertThat(retry.getRetryDelay().getSeconds()).isEqualTo(1);
        } finally {
            for (HeldIngestCall call : held) {
                call.finish();
                call.close();
            }
        }
    }

    /** vLLM's spans through the SDK's own gRPC exporter, batched as vLLM batches them; returns the flush's result. */
    private CompletableResultCode exportWithTheSdk(Instant start, SentRequests sent) {
        OtlpGrpcSpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint("http://localhost:" + grpcPort)
                .addHeader("authorization", "Bearer " + key)
                .build();
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault()
                        .merge(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"), "vllm-sdk"))))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
                .build();
        try {
            VllmRequestSpans spans = new VllmRequestSpans(provider.get("vllm.entrypoints.openai.api_server"), 31);
            List<Double> queue = new ArrayList<>();
            for (int i = 0; i < SDK_SPANS; i++) {
                spans.end("grpc-" + i, start.plus(BETWEEN_SPANS.multipliedBy(i)), i % 25 == 3, sent, queue);
            }
            return provider.forceFlush().join(60, TimeUnit.SECONDS);
        } finally {
            provider.shutdown().join(10, TimeUnit.SECONDS);
        }
    }

    private static Status refusal(ThrowingCallable call) {
        return refused(call).getStatus();
    }

    private static StatusRuntimeException refused(ThrowingCallable call) {
        StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class, call);
        assertThat(refused).as("the call's refusal").isNotNull();
        return refused;
    }

    private DeploymentOtlpNames names() {
        return context.getBean(DeploymentOtlpNames.class);
    }
}
