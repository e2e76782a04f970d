package dev.inferencemetrics.ingest;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Reads typed fields of one JSON sample, turning every wrong type or value into an {@link InvalidSample}. */
final class SampleFields {

    private final JsonNode sample;

    SampleFields(JsonNode sample) {
        if (!sample.isObject()) {
            throw new InvalidSample("a sample must be a JSON object");
        }
        this.sample = sample;
    }

    boolean has(String name) {
        JsonNode node = sample.get(name);
        return node != null && !node.isNull();
    }

    String requiredText(String name, int maxLength) {
        JsonNode node = sample.get(name);
        if (node == null || node.isNull()) {
            throw new InvalidSample(name + " is required");
        }
        if (!node.isString()) {
            throw new InvalidSample(name + " must be a string");
        }
        String text = node.stringValue();
        if (text.isBlank()) {
            throw new InvalidSample(name + " must not be blank");
        }
        if (text.length() > maxLength) {
            throw new InvalidSample(name + " is longer than " + maxLength + " characters");
        }
        return text;
    }

    @Nullable
    String optionalText(String name, int maxLength) {
        return has(name) ? requiredText(name, maxLength) : null;
    }

    Instant requiredInstant(String name) {
        String text = requiredText(name, 64);
        Instant canonical = CanonicalInstant.parse(text);
        if (canonical != null) {
            return canonical;
        }
        try {
            return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidSample(name + " must be an ISO-8601 instant such as 2026-11-22T10:00:00.123Z");
        }
    }

    @Nullable
    Double optionalMillis(String name) {
        JsonNode node = sample.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber()) {
            throw new InvalidSample(name + " must be a number of milliseconds");
        }
        return checkedMillis(name, node.doubleValue());
    }

    double requiredNumber(String name) {
        JsonNode node = sample.get(name);
        if (node == null || node.isNull()) {
            throw new InvalidSample(name + " is required");
        }
        if (!node.isNumber() || !Double.isFinite(node.doubleValue())) {
            throw new InvalidSample(name + " must be a finite number");
        }
        return node.doubleValue();
    }

    int requiredCount(String name) {
        JsonNode node = sample.get(name);
        if (node == null || node.isNull()) {
            throw new InvalidSample(name + " is required");
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw new InvalidSample(name + " must be a whole number");
        }
        int value = node.intValue();
        if (value < 0) {
            throw new InvalidSample(name + " must not be negative");
        }
        return value;
    }

    float @Nullable [] optionalMillisArray(String name, int maxLength) {
        JsonNode node = sample.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw new InvalidSample(name + " must be an array of milliseconds");
        }
        if (node.size() > maxLength) {
            throw new InvalidSample(name + " has more than " + maxLength + " entries");
        }
        float[] values = new float[node.size()];
        for (int i = 0; i < values.length; i++) {
            JsonNode element = node.get(i);
            if (!element.isNumber()) {
                throw new InvalidSample(name + "[" + i + "] must be a number of milliseconds");
            }
            values[i] = (float) checkedMillis(name + "[" + i + "]", element.doubleValue());
        }
        return values;
    }

    private static double checkedMillis(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new InvalidSample(name + " must be finite");
        }
        if (value < 0) {
            throw new InvalidSample(name + " must not be negative");
        }
        return value;
    }
}
