package dev.inferencemetrics.otlp;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import java.time.Instant;
import java.util.HexFormat;

/** OTLP trace exports built from the protobuf classes, with spans shaped like vLLM's request span. */
final class ProtoSpans {

    private ProtoSpans() {}

    static ExportTraceServiceRequest export(String serviceName, Span... spans) {
        return ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder()
                        .setResource(Resource.newBuilder().addAttributes(text("service.name", serviceName)))
                        .addScopeSpans(ScopeSpans.newBuilder().addAllSpans(java.util.List.of(spans))))
                .build();
    }

    /** A vLLM request span: latencies in seconds, as vLLM sets them. */
    static Span.Builder vllm(String spanIdHex, Instant start, double ttftS, double e2eS, int prompt, int completion) {
        long startNanos = start.getEpochSecond() * 1_000_000_000L + start.getNano();
        return Span.newBuilder()
                .setTraceId(ByteString.copyFrom(HexFormat.of().parseHex("5b8efff798038103d269b633813fc60c")))
                .setSpanId(ByteString.copyFrom(HexFormat.of().parseHex(spanIdHex)))
                .setName("llm_request")
                .setKind(Span.SpanKind.SPAN_KIND_SERVER)
                .setStartTimeUnixNano(startNanos)
                .setEndTimeUnixNano(startNanos + (long) (e2eS * 1e9))
                .addAttributes(text("gen_ai.response.model", "Qwen/Qwen3-8B"))
                .addAttributes(number("gen_ai.latency.time_to_first_token", ttftS))
                .addAttributes(number("gen_ai.latency.e2e", e2eS))
                .addAttributes(number("gen_ai.latency.time_in_queue", ttftS / 4))
                .addAttributes(number("gen_ai.latency.time_in_model_decode", e2eS - ttftS))
                .addAttributes(count("gen_ai.usage.prompt_tokens", prompt))
                .addAttributes(count("gen_ai.usage.completion_tokens", completion));
    }

    /** A span of other work: no gen_ai attribute. */
    static Span.Builder plain(String spanIdHex, Instant start) {
        long startNanos = start.getEpochSecond() * 1_000_000_000L + start.getNano();
        return Span.newBuilder()
                .setTraceId(ByteString.copyFrom(HexFormat.of().parseHex("5b8efff798038103d269b633813fc60c")))
                .setSpanId(ByteString.copyFrom(HexFormat.of().parseHex(spanIdHex)))
                .setName("GET /health")
                .setStartTimeUnixNano(startNanos)
                .setEndTimeUnixNano(startNanos + 1_000_000)
                .addAttributes(text("http.route", "/health"));
    }

    static Span.Builder failed(Span.Builder span) {
        return span.setStatus(Status.newBuilder().setCode(Status.StatusCode.STATUS_CODE_ERROR));
    }

    static KeyValue text(String key, String value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setStringValue(value))
                .build();
    }

    static KeyValue number(String key, double value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setDoubleValue(value))
                .build();
    }

    static KeyValue count(String key, long value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setIntValue(value))
                .build();
    }
}
