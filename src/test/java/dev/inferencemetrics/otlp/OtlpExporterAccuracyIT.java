package dev.inferencemetrics.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.MetricsAccuracy;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.SentRequests;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * vLLM's request spans, sent as vLLM sends them (the OpenTelemetry SDK's OTLP/HTTP protobuf exporter, batched), come
 * back through the metrics query within the accuracy contract: TTFT, ITL (decode time over completion tokens − 1
 * gaps), E2E and queue time, with exact request, error and token totals.
 */
class OtlpExporterAccuracyIT extends ApiIntegrationTest {

    private static final int SPANS = 2_000;
    private static final Duration BETWEEN_SPANS = Duration.ofMillis(3_600);

    OtlpExporterAccuracyIT() {
        super("otlp-exporter");
    }

    @Test
    void vllm_spans_from_the_sdk_exporter_read_back_within_the_accuracy_contract() {
        String deployment = tenant.deployment("vllm");
        context.getBean(DeploymentOtlpNames.class)
                .replace(
                        TenantScope.allTenants(),
                        deployment,
                        new OtlpNames(List.of("vllm-qwen3-8b"), List.of("Qwen/Qwen3-8B")));
        Instant start = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        SentRequests sent = new SentRequests();
        List<Double> queue = new ArrayList<>();

        CompletableResultCode flushed = export(start, sent, queue);

        assertThat(flushed.isSuccess()).as("the exporter's last export").isTrue();
        Instant to = start.plus(BETWEEN_SPANS.multipliedBy(SPANS));
        DeploymentMetrics metrics = api.metrics(key, deployment, start, to, "PT5M");
        MetricsAccuracy.assertMatches(metrics, sent, start, to, 300);
        double[] sortedQueue =
                queue.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        assertThat(metrics.summary().queue().count()).isEqualTo(sortedQueue.length);
        AccuracyContract.assertQuantile(
                sortedQueue, 0.5, metrics.summary().queue().p50(), "queue p50");
        AccuracyContract.assertQuantile(
                sortedQueue, 0.9, metrics.summary().queue().p90(), "queue p90");
        AccuracyContract.assertQuantile(
                sortedQueue, 0.95, metrics.summary().queue().p95(), "queue p95");
        AccuracyContract.assertQuantile(
                sortedQueue, 0.99, metrics.summary().queue().p99(), "queue p99");
    }

    /** Ends every span with vLLM's attributes, then flushes; returns the flush's result. */
    private CompletableResultCode export(Instant start, SentRequests sent, List<Double> queue) {
        OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint("http://localhost:" + port + "/v1/traces")
                .addHeader("Authorization", "Bearer " + key)
                .build();
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault()
                        .merge(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"), "vllm-qwen3-8b"))))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
                .build();
        try {
            VllmRequestSpans spans = new VllmRequestSpans(provider.get("vllm.entrypoints.openai.api_server"), 15);
            for (int i = 0; i < SPANS; i++) {
                Instant ts = start.plus(BETWEEN_SPANS.multipliedBy(i));
                spans.end("cmpl-" + i, ts, i % 40 == 7, sent, queue);
            }
            return provider.forceFlush().join(60, TimeUnit.SECONDS);
        } finally {
            provider.shutdown().join(10, TimeUnit.SECONDS);
        }
    }
}
