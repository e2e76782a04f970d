package dev.inferencemetrics.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/** Counting the spans of an export from its encoding, without building them. */
class SpanCountTest {

    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");

    @Test
    void spans_are_counted_across_every_resource_and_scope() throws IOException {
        ExportTraceServiceRequest export = ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(resource(scope(3), scope(0), scope(2)))
                .addResourceSpans(ResourceSpans.getDefaultInstance())
                .addResourceSpans(resource(scope(4)))
                .build();

        assertThat(SpanCount.ofProtobuf(export.toByteArray(), 10_000)).isEqualTo(9);
    }

    @Test
    void real_spans_with_attributes_count_one_each_whatever_they_carry() throws IOException {
        byte[] body = ProtoSpans.export(
                        "vllm",
                        ProtoSpans.vllm("a000000000000001", START, 0.1, 1.0, 10, 20)
                                .build(),
                        ProtoSpans.plain("a000000000000002", START).build())
                .toByteArray();

        assertThat(SpanCount.ofProtobuf(body, 2)).isEqualTo(2);
    }

    @Test
    void one_span_past_the_limit_is_refused_with_the_limit_in_the_reason() {
        byte[] body = ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(resource(scope(6)))
                .addResourceSpans(resource(scope(5)))
                .build()
                .toByteArray();

        assertThatThrownBy(() -> SpanCount.ofProtobuf(body, 10))
                .isInstanceOf(TooManySpans.class)
                .hasMessage("The export holds more than 10 spans; send at most 10 per call.");
    }

    @Test
    void a_million_empty_spans_are_refused_after_counting_just_past_the_limit() {
        // two bytes each: the tag of ScopeSpans.spans and a zero length
        byte[] spans = new byte[2_000_000];
        for (int i = 0; i < spans.length; i += 2) {
            spans[i] = 0x12;
        }
        byte[] body = wrap(1, wrap(2, spans));

        assertThatThrownBy(() -> SpanCount.ofProtobuf(body, 10_000)).isInstanceOf(TooManySpans.class);
    }

    @Test
    void a_body_read_as_a_stream_is_read_only_a_little_past_the_span_over_the_limit() {
        byte[] spans = new byte[2_000_000];
        for (int i = 0; i < spans.length; i += 2) {
            spans[i] = 0x12;
        }
        HeldBody body = new HeldBody(
                new java.io.ByteArrayInputStream(wrap(1, wrap(2, spans))),
                5L * 1024 * 1024,
                () -> new dev.inferencemetrics.api.ApiProblem(
                        org.springframework.http.HttpStatus.CONTENT_TOO_LARGE, "too large"));

        assertThatThrownBy(() -> SpanCount.ofProtobuf(CodedInputStream.newInstance(body), 10_000))
                .isInstanceOf(TooManySpans.class);
        assertThat(body.size()).isBetween(20_002, 20_002 + 8_192 + 16);
    }

    @Test
    void unknown_fields_and_fields_of_another_wire_type_are_skipped_as_the_parser_skips_them() throws IOException {
        ExportTraceServiceRequest export = ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(resource(scope(2)))
                .setUnknownFields(UnknownFieldSet.newBuilder()
                        .addField(
                                7,
                                UnknownFieldSet.Field.newBuilder()
                                        .addLengthDelimited(ByteString.copyFromUtf8("spans?"))
                                        .addVarint(42)
                                        .build())
                        .build())
                .build();
        // field 1 as a varint is not a resource_spans message: the protobuf parser keeps it as an unknown field
        byte[] body = concat(export.toByteArray(), new byte[] {0x08, 0x05});

        assertThat(SpanCount.ofProtobuf(body, 10)).isEqualTo(2);
        assertThat(ExportTraceServiceRequest.parseFrom(body)
                        .getResourceSpans(0)
                        .getScopeSpans(0)
                        .getSpansCount())
                .isEqualTo(2);
    }

    @Test
    void a_truncated_or_malformed_body_is_not_protobuf() {
        byte[] whole = ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(resource(scope(3)))
                .build()
                .toByteArray();
        byte[] truncated = java.util.Arrays.copyOf(whole, whole.length - 1);

        assertThatThrownBy(() -> SpanCount.ofProtobuf(truncated, 10))
                .isInstanceOf(InvalidProtocolBufferException.class);
        assertThatThrownBy(() -> SpanCount.ofProtobuf(new byte[] {0x0a, (byte) 0xff}, 10))
                .isInstanceOf(InvalidProtocolBufferException.class);
        assertThatThrownBy(() -> SpanCount.ofProtobuf(new byte[] {0x0c}, 10))
                .isInstanceOf(InvalidProtocolBufferException.class);
    }

    @Test
    void json_spans_are_counted_under_both_field_names_and_other_values_are_skipped() {
        String body = """
                {"resourceSpans":[{"resource":{"attributes":[{"key":"spans","value":{"stringValue":"x"}}]},
                   "scopeSpans":[{"scope":{"name":"vllm"},"spans":[{},{"name":"a","events":[{"spans":[]}]},{}]}]},
                  {"scope_spans":[{"spans":[{}]}, 3, {"spans":"none"}]}, "odd"],
                 "spans":[{},{}]}""";

        assertThat(SpanCount.ofJson(parser(body), 10)).isEqualTo(4);
    }

    @Test
    void a_json_span_past_the_limit_is_refused() {
        String body = "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":["
                + String.join(",", Collections.nCopies(11, "{}")) + "]}]}]}";

        assertThatThrownBy(() -> SpanCount.ofJson(parser(body), 10)).isInstanceOf(TooManySpans.class);
    }

    private static JsonParser parser(String body) {
        return JsonMapper.shared().createParser(body.getBytes(StandardCharsets.UTF_8));
    }

    private static ResourceSpans resource(ScopeSpans... scopes) {
        return ResourceSpans.newBuilder()
                .addAllScopeSpans(java.util.List.of(scopes))
                .build();
    }

    private static ScopeSpans scope(int spans) {
        return ScopeSpans.newBuilder()
                .addAllSpans(Collections.nCopies(spans, Span.getDefaultInstance()))
                .build();
    }

    /** The bytes as the length-delimited field {@code field} of a message. */
    private static byte[] wrap(int field, byte[] message) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CodedOutputStream coded = CodedOutputStream.newInstance(out);
            coded.writeByteArray(field, message);
            coded.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
