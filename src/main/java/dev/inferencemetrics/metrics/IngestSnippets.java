package dev.inferencemetrics.metrics;

/** Copy-paste examples that send one request sample to a deployment; the key is a placeholder. */
public record IngestSnippets(String baseUrl, String deploymentSlug) {

    public String curl() {
        return """
                curl -X POST %s/api/v1/ingest/requests \\
                  -H "Authorization: Bearer $INFERENCE_METRICS_KEY" \\
                  -H "Content-Type: application/json" \\
                  -d '{"deployment":"%s","samples":[{"requestId":"req-1","ts":"'$(date -u +%%Y-%%m-%%dT%%H:%%M:%%SZ)'",
                       "ttftMs":76.2,"e2eMs":11360,"tpotMs":18.0,"inputTokens":550,"outputTokens":620,"status":"ok"}]}'""".formatted(baseUrl, deploymentSlug);
    }

    public String python() {
        return """
                import datetime, os, requests

                sample = {"requestId": "req-1",
                          "ts": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                          "ttftMs": 76.2, "e2eMs": 11360, "tpotMs": 18.0,
                          "inputTokens": 550, "outputTokens": 620, "status": "ok"}
                response = requests.post("%s/api/v1/ingest/requests",
                                         headers={"Authorization": f"Bearer {os.environ['INFERENCE_METRICS_KEY']}"},
                                         json={"deployment": "%s", "samples": [sample]})
                print(response.json())""".formatted(baseUrl, deploymentSlug);
    }
}
