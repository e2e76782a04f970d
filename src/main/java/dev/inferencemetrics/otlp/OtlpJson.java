package dev.inferencemetrics.otlp;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import dev.inferencemetrics.base.UnusableValueException;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OTLP JSON encoding: the protobuf JSON mapping, except that trace and span ids are hex strings rather than
 * base64 (OTLP specification, "JSON Protobuf Encoding"). Ids are turned into base64 before the standard parser reads
 * the body.
 */
final class OtlpJson {

    private static final Set<String> ID_FIELDS = Set.of("traceId", "spanId", "parentSpanId");
    private static final JsonFormat.Parser PARSER = JsonFormat.parser().ignoringUnknownFields();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private final ObjectMapper json;

    OtlpJson(ObjectMapper json) {
        this.json = json;
    }

    /** @throws UnusableValueException saying why the body is not an OTLP JSON trace export */
    ExportTraceServiceRequest parse(byte[] body) {
        try {
            JsonNode root = json.readTree(body);
            hexIdsToBase64(root);
            ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
            PARSER.merge(json.writeValueAsString(root), request);
            return request.build();
        } catch (JacksonException e) {
            throw new UnusableValueException("The body is not valid JSON: " + e.getOriginalMessage());
        } catch (InvalidProtocolBufferException e) {
            throw new UnusableValueException("The body is not an OTLP trace export: " + e.getMessage());
        }
    }

    static String print(ExportTraceServiceResponse response) {
        try {
            return PRINTER.print(response);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("an export response always prints", e);
        }
    }

    private static void hexIdsToBase64(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (String field : ID_FIELDS) {
                JsonNode id = object.get(field);
                if (id != null && id.isString()) {
                    object.put(field, base64(id.stringValue()));
                }
            }
        }
        node.values().forEach(OtlpJson::hexIdsToBase64);
    }

    private static String base64(String hex) {
        try {
            return Base64.getEncoder().encodeToString(HexFormat.of().parseHex(hex));
        } catch (IllegalArgumentException e) {
            throw new UnusableValueException("Trace and span ids must be hex strings: " + hex);
        }
    }
}
