package dev.inferencemetrics.api;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small JSON object sent to a write endpoint, read with a size limit before parsing and checked field by field, so
 * every mistake in it is a 400 naming the field rather than a 500 or a silently ignored value.
 */
public final class JsonObjectBody {

    private final JsonNode root;
    private final String path;

    private JsonObjectBody(JsonNode root, String path) {
        this.root = root;
        this.path = path;
    }

    /** Reads the request's body: JSON, an object, at most {@code maxBytes}. */
    public static JsonObjectBody read(HttpServletRequest request, JsonMapper json, int maxBytes) throws IOException {
        String type = request.getContentType();
        if (type == null || !MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(type))) {
            throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send the body as application/json.");
        }
        byte[] body = request.getInputStream().readNBytes(maxBytes + 1);
        if (body.length > maxBytes) {
            throw new ApiProblem(HttpStatus.CONTENT_TOO_LARGE, "The body is larger than " + maxBytes / 1024 + " KiB.");
        }
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (JacksonException e) {
            throw bad("the body is not JSON");
        }
        if (root == null || !root.isObject()) {
            throw bad("the body must be a JSON object");
        }
        return new JsonObjectBody(root, "");
    }

    public String requiredText(String field) {
        String value = text(field);
        if (value == null || value.isBlank()) {
            throw bad(name(field) + " is required");
        }
        return value;
    }

    public @Nullable String text(String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isString()) {
            throw bad(name(field) + " must be a string");
        }
        return node.asString();
    }

    /** Whether the body names this field at all, even as null: a null can mean "back to the default". */
    public boolean has(String field) {
        return root.has(field);
    }

    /** A whole number of {@code unit} (seconds, say), named so in the reason a wrong value gets. */
    public @Nullable Integer integer(String field, String unit) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw bad(name(field) + " must be a whole number of " + unit);
        }
        return node.asInt();
    }

    /** A JSON true or false. */
    public @Nullable Boolean bool(String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isBoolean()) {
            throw bad(name(field) + " must be true or false");
        }
        return node.asBoolean();
    }

    /** A number, given as a JSON number or a decimal string ("0.20"), kept exact. */
    public @Nullable BigDecimal decimal(String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            if (node.isNumber()) {
                return new BigDecimal(node.asString());
            }
            if (node.isString()) {
                return new BigDecimal(node.asString().trim());
            }
        } catch (NumberFormatException e) {
            throw bad(name(field) + " must be a number");
        }
        throw bad(name(field) + " must be a number");
    }

    public @Nullable Instant instant(String field) {
        String value = text(field);
        return value == null ? null : InstantParameter.parse(name(field), value);
    }

    public @Nullable List<String> texts(String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw bad(name(field) + " must be an array of strings");
        }
        List<String> values = new ArrayList<>();
        for (JsonNode element : node) {
            if (!element.isString()) {
                throw bad(name(field) + " must be an array of strings");
            }
            values.add(element.asString());
        }
        return values;
    }

    /** A nested object, read by the same rules; its fields are named with its path in the reasons given. */
    public @Nullable JsonObjectBody object(String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw bad(name(field) + " must be a JSON object");
        }
        return new JsonObjectBody(node, name(field) + ".");
    }

    private String name(String field) {
        return path + field;
    }

    private static ApiProblem bad(String reason) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, reason);
    }
}
