package dev.inferencemetrics.otlp;

import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The attributes of a span or resource by key, read as the types the GenAI mapping needs. */
final class SpanAttributes {

    private final Map<String, AnyValue> byKey;

    SpanAttributes(List<KeyValue> attributes) {
        byKey = HashMap.newHashMap(attributes.size());
        for (KeyValue attribute : attributes) {
            byKey.put(attribute.getKey(), attribute.getValue());
        }
    }

    boolean anyStartsWith(String prefix) {
        return byKey.keySet().stream().anyMatch(key -> key.startsWith(prefix));
    }

    @Nullable
    String text(String key) {
        AnyValue value = byKey.get(key);
        return value != null
                        && value.hasStringValue()
                        && !value.getStringValue().isBlank()
                ? value.getStringValue()
                : null;
    }

    /** The strings of an array value, or a single string as one; empty when absent or of another type. */
    List<String> texts(String key) {
        AnyValue value = byKey.get(key);
        if (value == null) {
            return List.of();
        }
        if (value.hasStringValue()) {
            return List.of(value.getStringValue());
        }
        if (value.hasArrayValue()) {
            return value.getArrayValue().getValuesList().stream()
                    .filter(AnyValue::hasStringValue)
                    .map(AnyValue::getStringValue)
                    .toList();
        }
        return List.of();
    }

    /** A number sent as a double or an integer (exporters differ); anything else counts as absent. */
    @Nullable
    Double number(String key) {
        AnyValue value = byKey.get(key);
        if (value == null) {
            return null;
        }
        return switch (value.getValueCase()) {
            case DOUBLE_VALUE -> value.getDoubleValue();
            case INT_VALUE -> (double) value.getIntValue();
            default -> null;
        };
    }

    /** A count sent as an integer, or as a whole double; absent or out of range is null. */
    @Nullable
    Integer count(String key) {
        Double value = number(key);
        if (value == null || value != Math.rint(value) || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            return null;
        }
        return value.intValue();
    }

    /** The first of the keys that carries a number, in seconds, as milliseconds. */
    @Nullable
    Double secondsAsMillis(String... keys) {
        for (String key : keys) {
            Double seconds = number(key);
            if (seconds != null) {
                return seconds * 1_000;
            }
        }
        return null;
    }

    @Nullable
    Integer firstCount(String... keys) {
        for (String key : keys) {
            Integer count = count(key);
            if (count != null) {
                return count;
            }
        }
        return null;
    }

    @Nullable
    String firstText(String... keys) {
        for (String key : keys) {
            String text = text(key);
            if (text != null) {
                return text;
            }
        }
        return null;
    }
}
