package dev.inferencemetrics.loadgen;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;

/**
 * Creates or updates the load's deployments through the operator provisioning API
 * ({@code PUT /api/v1/deployments/{slug}} with an operator key), one after the other, so a fleet of a thousand is
 * ready in one command and a second run finds them unchanged. Nothing is written behind the application's back.
 */
final class FleetProvisioning {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static final int ATTEMPTS = 5;

    private final LoadOptions options;
    private final HttpClient http;
    private final PrintStream out;

    FleetProvisioning(LoadOptions options, HttpClient http, PrintStream out) {
        this.options = options;
        this.http = http;
        this.out = out;
    }

    /** Provisions every deployment; false (after saying which and why) at the first one that cannot be. */
    boolean provision() throws InterruptedException {
        long started = System.nanoTime();
        int created = 0;
        for (String slug : options.deployments().slugs()) {
            HttpResponse<String> answer = put(slug);
            if (answer.statusCode() / 100 != 2) {
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
        HttpRequest request = HttpRequest.newBuilder(options.url().resolve(URI.create("/api/v1/deployments/" + slug)))
                .timeout(CALL_TIMEOUT)
                .header("Authorization", "Bearer " + options.adminKey())
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body(slug)))
                .build();
        for (int attempt = 1; ; attempt++) {
            try {
                HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
                // the operator key has a request rate like any key: come back when told, as automation would
                if ((answer.statusCode() != 429 && answer.statusCode() != 503) || attempt == ATTEMPTS) {
                    return answer;
                }
                Thread.sleep(Duration.ofSeconds(DashboardQueries.retryAfterSeconds(answer)));
            } catch (IOException e) {
                if (attempt == ATTEMPTS) {
                    throw new UncheckedIOException(
                            "cannot reach " + options.url() + " ("
                                    + e.getClass().getSimpleName() + ")",
                            e);
                }
                Thread.sleep(Duration.ofSeconds(1));
            }
        }
    }

    private String body(String slug) {
        return """
                {"tenant":"%s","displayName":"%s","model":"meta-llama/Llama-3.1-8B-Instruct","engine":"vLLM",\
                "region":"load-test"}""".formatted(options.tenant(), slug);
    }
}
