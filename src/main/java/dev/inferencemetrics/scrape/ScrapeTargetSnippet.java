package dev.inferencemetrics.scrape;

/**
 * The call that adds a scrape target for one replica of a deployment, as its Overview tab shows it: the key (a
 * placeholder) needs the scope {@code sources:write}, and the engine's address must lie inside the operators' scrape
 * allow-list. The address is an example to replace.
 */
public record ScrapeTargetSnippet(String baseUrl, String deploymentSlug) {

    /** Where vLLM, SGLang, NIM and Dynamo serve their metrics by default: the API port, path /metrics. */
    static final String EXAMPLE_TARGET = "http://10.0.0.12:8000/metrics";

    public String curl() {
        return """
                # one call per replica; replace the address with your engine's (it must be on the scrape allow-list)
                curl -X POST %s/api/v1/scrape-targets \\
                  -H "Authorization: Bearer $INFERENCE_METRICS_KEY" \\
                  -H "Content-Type: application/json" \\
                  -d '{"deployment":"%s","url":"%s","replica":"replica-0","intervalSeconds":15}'""".formatted(baseUrl, deploymentSlug, EXAMPLE_TARGET);
    }
}
