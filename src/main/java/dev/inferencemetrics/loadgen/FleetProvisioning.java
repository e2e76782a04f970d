package dev.inferencemetrics.loadgen;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Objects;

/**
 * Creates or updates the load's deployments through the operator provisioning API
 * ({@code PUT /api/v1/deployments/{slug}} with an operator key), one after the other, so a fleet of a thousand is
 * ready in one command and a second run finds them unchanged. Nothing is written behind the application's back.
 */
final class FleetProvisioning {

    private final LoadOptions options;
    private final String adminKey;
    private final ApiCalls api;
    private final PrintStream out;

    FleetProvisioning(LoadOptions options, ApiCalls api, PrintStream out) {
        this.options = options;
        this.adminKey = Objects.requireNonNull(options.adminKey(), "provisioning is asked for with an admin key");
        this.api = api;
        this.out = out;
    }

    /** Provisions every deployment; false (after saying which and why) at the first one that cannot be. */
    boolean provision() throws InterruptedException {
        long started = System.nanoTime();
        int created = 0;
        for (String slug : options.deployments().slugs()) {
            HttpResponse<String> answer = put(slug);
            if (!ApiCalls.succeeded(answer.statusCode())) {
                out.printf(
                        Locale.ROOT, "provisioning %s failed: HTTP %d %s%n", slug, answer.statusCode(), answer.body());
                return false;
            }
            created += answer.statusCode() == 201 ? 1 : 0;
        }
        out.printf(
                Locale.ROOT,
                "Provisioned %,d deployments in tenant %s (%,d created, the rest already there) in %.1f s%n",
                options.deployments().count(),
                options.tenant(),
                created,
                (System.nanoTime() - started) / 1e9);
        return true;
    }

    private HttpResponse<String> put(String slug) throws InterruptedException {
        HttpRequest request = api.request("/api/v1/deployments/" + slug, adminKey)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body(slug)))
                .build();
        try {
            // the operator key has a request rate like any key: come back when told, as automation would
            return api.sendRetrying(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot reach " + options.url() + " (" + e.getClass().getSimpleName() + ")", e);
        }
    }

    private String body(String slug) {
        return """
                {"tenant":"%s","displayName":"%s","model":"meta-llama/Llama-3.1-8B-Instruct","engine":"vLLM",\
                "region":"load-test"}""".formatted(options.tenant(), slug);
    }
}
