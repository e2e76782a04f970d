package dev.inferencemetrics.scrape;

import dev.inferencemetrics.api.ApiProblem;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The body of a request to add a target, read with a small size limit and checked field by field. */
record ScrapeTargetRequest(
        String deployment,
        String url,
        @Nullable String replica,
        @Nullable Integer intervalSeconds,
        @Nullable Integer timeoutSeconds,
        @Nullable String bearerToken) {

    private static final int MAX_BYTES = 16 * 1024;

    static ScrapeTargetRequest read(HttpServletRequest request, JsonMapper json) throws IOException {
        String type = request.getContentType();
        if (type == null || !MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(type))) {
            throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send the target as application/json.");
        }
        byte[] body = request.getInputStream().readNBytes(MAX_BYTES + 1);
        if (body.length > MAX_BYTES) {
            throw new ApiProblem(HttpStatus.CONTENT_TOO_LARGE, "The body is larger than 16 KiB.");
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
        return new ScrapeTargetRequest(
                requiredText(root, "deployment"),
                requiredText(root, "url"),
                text(root, "replica"),
                integer(root, "intervalSeconds"),
                integer(root, "timeoutSeconds"),
                text(root, "bearerToken"));
    }

    private static String requiredText(JsonNode root, String field) {
        String value = text(root, field);
        if (value == null || value.isBlank()) {
            throw bad(field + " is required");
        }
        return value;
    }

    private static @Nullable String text(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isString()) {
            throw bad(field + " must be a string");
        }
        return node.asString();
    }

    private static @Nullable Integer integer(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw bad(field + " must be a whole number of seconds");
        }
        return node.asInt();
    }

    private static ApiProblem bad(String reason) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, reason);
    }
}
