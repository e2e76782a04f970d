package dev.inferencemetrics.otlp;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.Set;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Counts the spans of an encoded OTLP trace export (resource_spans → scope_spans → spans) without building any of
 * them, and refuses the export as soon as the count passes the per-call limit: a few megabytes of empty spans are
 * millions of objects once decoded, so the count comes first.
 */
final class SpanCount {

    // field numbers of ExportTraceServiceRequest.resource_spans, ResourceSpans.scope_spans and ScopeSpans.spans
    private static final int RESOURCE_SPANS = 1;
    private static final int SCOPE_SPANS = 2;
    private static final int SPANS = 2;

    private final int limit;
    private int spans;

    private SpanCount(int limit) {
        this.limit = limit;
    }

    /**
     * @throws TooManySpans past {@code limit} spans
     * @throws InvalidProtocolBufferException when the body is not protobuf of the export's shape
     */
    static int ofProtobuf(byte[] body, int limit) throws IOException {
        return ofProtobuf(CodedInputStream.newInstance(body), limit);
    }

    /** The same, over a stream: reading stops at the span past the limit. */
    static int ofProtobuf(CodedInputStream in, int limit) throws IOException {
        SpanCount count = new SpanCount(limit);
        messages(
                in,
                RESOURCE_SPANS,
                resource -> messages(resource, SCOPE_SPANS, scope -> messages(scope, SPANS, span -> count.add())));
        return count.spans;
    }

    /**
     * Counts the spans of a JSON export from its tokens, by the field names of the protobuf JSON mapping (and the
     * proto names it also accepts); a body of another shape counts what it has and is left to the parser to refuse.
     *
     * @throws TooManySpans past {@code limit} spans
     */
    static int ofJson(JsonParser parser, int limit) {
        SpanCount count = new SpanCount(limit);
        if (parser.nextToken() == JsonToken.START_OBJECT) {
            arrays(
                    parser,
                    Set.of("resourceSpans", "resource_spans"),
                    object(resource -> arrays(
                            resource,
                            Set.of("scopeSpans", "scope_spans"),
                            object(scope -> arrays(scope, Set.of("spans"), span -> {
                                count.add();
                                span.skipChildren();
                            })))));
        }
        return count.spans;
    }

    private void add() {
        if (++spans > limit) {
            throw new TooManySpans(limit);
        }
    }

    private interface Nested {
        void read(CodedInputStream in) throws IOException;
    }

    /**
     * Reads each length-delimited field {@code field} of the message up to its end (what the nested reader leaves of
     * it is skipped), skipping every other field.
     */
    private static void messages(CodedInputStream in, int field, Nested nested) throws IOException {
        int wanted = field << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == wanted) {
                int outer = in.pushLimit(in.readRawVarint32());
                nested.read(in);
                in.skipRawBytes(in.getBytesUntilLimit());
                in.popLimit(outer);
            } else if (!in.skipField(tag)) {
                throw new InvalidProtocolBufferException("an end-group tag outside a group");
            }
        }
    }

    private interface Element {
        void read(JsonParser parser);
    }

    /** Reads an element that is an object with {@code fields}; skips any other value. */
    private static Element object(Element fields) {
        return parser -> {
            if (parser.currentToken() == JsonToken.START_OBJECT) {
                fields.read(parser);
            } else {
                parser.skipChildren();
            }
        };
    }

    /**
     * In the object the parser has just entered, reads each element of the arrays named {@code names} (an object
     * element is entered first) and skips every other value; ends on the object's end.
     */
    private static void arrays(JsonParser parser, Set<String> names, Element element) {
        for (JsonToken token = parser.nextToken(); token == JsonToken.PROPERTY_NAME; token = parser.nextToken()) {
            boolean wanted = names.contains(parser.currentName());
            if (parser.nextToken() == JsonToken.START_ARRAY && wanted) {
                for (JsonToken item = parser.nextToken();
                        item != JsonToken.END_ARRAY && item != null;
                        item = parser.nextToken()) {
                    element.read(parser);
                }
            } else {
                parser.skipChildren();
            }
        }
    }
}
