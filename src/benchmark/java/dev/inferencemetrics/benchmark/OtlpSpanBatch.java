package dev.inferencemetrics.benchmark;

import com.google.protobuf.ByteString;
import dev.inferencemetrics.ingest.RequestSample;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Batches of vLLM-shaped request spans as OTLP protobuf bodies, prepared before the clock starts from the same
 * resampled LLMPerf requests the JSON batches carry.
 */
final class OtlpSpanBatch {

    private OtlpSpanBatch() {}

    static List<byte[]> prepare(
            LlmperfRequests requests, String serviceName, int count, Instant start, double spansPerSecond, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long nanosPerSpan = Math.round(1e9 / spansPerSecond);
        List<byte[]> batches = new ArrayList<>(count);
        for (int b = 0; b < count; b++) {
            ScopeSpans.Builder spans = ScopeSpans.newBuilder();
            for (int i = 0; i < BenchmarkOptions.BATCH_SIZE; i++) {
                long n = (long) b * BenchmarkOptions.BATCH_SIZE + i;
                Instant ts = start.plusNanos(n * nanosPerSpan / 1_000 * 1_000);
                spans.addSpans(span(requests.next(random, ts, false), n, seed));
            }
            batches.add(ExportTraceServiceRequest.newBuilder()
                    .addResourceSpans(ResourceSpans.newBuilder()
                            .setResource(Resource.newBuilder().addAttributes(text("service.name", serviceName)))
                            .addScopeSpans(spans))
                    .build()
                    .toByteArray());
        }
        return batches;
    }

    /** vLLM's request span for the sample: latencies in seconds, decode time over completion tokens − 1 gaps. */
    private static Span span(RequestSample sample, long n, long seed) {
        long startNanos =
                sample.ts().getEpochSecond() * 1_000_000_000L + sample.ts().getNano();
        Span.Builder span = Span.newBuilder()
                .setTraceId(ByteString.copyFrom(
                        ByteBuffer.allocate(16).putLong(seed).putLong(n).array()))
                .setSpanId(ByteString.copyFrom(
                        ByteBuffer.allocate(8).putLong(n + 1).array()))
                .setName("llm_request")
                .setKind(Span.SpanKind.SPAN_KIND_SERVER)
                .setStartTimeUnixNano(startNanos)
                .addAttributes(text("gen_ai.request.id", sample.requestId()))
                .addAttributes(text("gen_ai.response.model", "meta-llama/Llama-3.1-70B-Instruct"))
                .addAttributes(count("gen_ai.usage.prompt_tokens", sample.inputTokens()))
                .addAttributes(count("gen_ai.usage.completion_tokens", sample.outputTokens()));
        if (sample.e2eMs() == null || sample.ttftMs() == null) {
            return span.setEndTimeUnixNano(startNanos)
                    .setStatus(io.opentelemetry.proto.trace.v1.Status.newBuilder()
                            .setCode(io.opentelemetry.proto.trace.v1.Status.StatusCode.STATUS_CODE_ERROR))
                    .build();
        }
        double decodeS = sample.tpotMs() == null ? 0 : sample.tpotMs() * Math.max(0, sample.outputTokens() - 1) / 1_000;
        return span.setEndTimeUnixNano(startNanos + Math.round(sample.e2eMs() * 1e6))
                .addAttributes(seconds("gen_ai.latency.time_to_first_token", sample.ttftMs() / 1_000))
                .addAttributes(seconds("gen_ai.latency.e2e", sample.e2eMs() / 1_000))
                .addAttributes(seconds("gen_ai.latency.time_in_model_decode", decodeS))
                .build();
    }

    private static KeyValue text(String key, String value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setStringValue(value))
                .build();
    }

    private static KeyValue seconds(String key, double value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setDoubleValue(value))
                .build();
    }

    private static KeyValue count(String key, long value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setIntValue(value))
                .build();
    }
}
