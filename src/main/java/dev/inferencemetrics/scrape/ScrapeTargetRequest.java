package dev.inferencemetrics.scrape;

import dev.inferencemetrics.api.JsonObjectBody;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
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
        JsonObjectBody body = JsonObjectBody.read(request, json, MAX_BYTES);
        return new ScrapeTargetRequest(
                body.requiredText("deployment"),
                body.requiredText("url"),
                body.text("replica"),
                body.integer("intervalSeconds", "seconds"),
                body.integer("timeoutSeconds", "seconds"),
                body.text("bearerToken"));
    }
}
