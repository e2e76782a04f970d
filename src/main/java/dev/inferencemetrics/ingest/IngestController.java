package dev.inferencemetrics.ingest;

import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/ingest")
@Tag(name = "Ingest", description = "Gateways push samples; needs an API key with scope ingest")
class IngestController {

    private final IngestService ingest;
    private final IngestBodyReader bodies;
    private final IngestMeters meters;

    IngestController(IngestService ingest, IngestBodyReader bodies, IngestMeters meters) {
        this.ingest = ingest;
        this.bodies = bodies;
        this.meters = meters;
    }

    @PostMapping("/requests")
    @Operation(
            summary = "Store per-request latency samples",
            description = "Body: {\"deployment\":\"<slug>\",\"samples\":[{\"requestId\",\"ts\",\"ttftMs\",\"e2eMs\","
                    + "\"itlMs\":[..] or \"tpotMs\",\"inputTokens\",\"outputTokens\",\"status\"}]}. Up to 10,000 samples"
                    + " and 5 MiB (also after gzip). Valid samples are stored, invalid ones listed with reasons;"
                    + " resending is safe (idempotent on requestId and ts).")
    IngestResult requests(@AuthenticationPrincipal Caller caller, HttpServletRequest request) throws IOException {
        IngestBody body = bodies.read(request, ingest.limits());
        IngestResult result = ingest.ingestRequests(caller, body.deployment(), body.samples());
        meters.record("requests", result);
        return result;
    }

    @PostMapping("/kv-cache")
    @Operation(
            summary = "Store KV-cache usage readings",
            description = "Body: {\"deployment\":\"<slug>\",\"samples\":[{\"ts\",\"replica\",\"usagePct\"}]}")
    IngestResult kvCache(@AuthenticationPrincipal Caller caller, HttpServletRequest request) throws IOException {
        IngestBody body = bodies.read(request, ingest.limits());
        IngestResult result = ingest.ingestKvCache(caller, body.deployment(), body.samples());
        meters.record("kv-cache", result);
        return result;
    }
}
