package dev.inferencemetrics.otlp;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.tenancy.Caller;
import dev.inferencemetrics.tenancy.TenantScope;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** The OTLP/HTTP trace endpoint, at the path exporters use by default and under the versioned API. */
@RestController
@Tag(name = "OTLP", description = "OpenTelemetry trace export (OTLP/HTTP); needs an API key with scope ingest")
class OtlpController {

    private final OtlpIngestService otlp;
    private final OtlpBodyReader bodies;
    private final DecodingBudget budget;
    private final IngestService ingest;
    private final ExportReplies replies;

    OtlpController(
            OtlpIngestService otlp,
            OtlpBodyReader bodies,
            DecodingBudget budget,
            IngestService ingest,
            ExportReplies replies) {
        this.otlp = otlp;
        this.bodies = bodies;
        this.budget = budget;
        this.ingest = ingest;
        this.replies = replies;
    }

    @PostMapping({"/v1/traces", "/api/v1/otlp/v1/traces"})
    @Operation(
            summary = "Receive OTLP trace spans",
            description = "ExportTraceServiceRequest as application/x-protobuf or application/json, optionally"
                    + " gzip, up to 5 MiB after decompression and 10,000 spans (413 past either). Request spans become request samples of the"
                    + " deployment that lists the resource's service.name or the span's model; spans without gen_ai"
                    + " attributes are ignored. The answer is an ExportTraceServiceResponse in the request's encoding;"
                    + " partial_success counts the rejected spans and names the first reasons. The same export is"
                    + " served over gRPC (TraceService/Export) on port 4317 with the same key and answers.")
    ResponseEntity<byte[]> traces(@AuthenticationPrincipal Caller caller, HttpServletRequest request)
            throws IOException {
        if (!(caller.scope() instanceof TenantScope.SingleTenant tenant)) {
            throw new ApiProblem(HttpStatus.FORBIDDEN, "Traces are sent with a tenant's API key.");
        }
        OtlpEncoding encoding = OtlpEncoding.of(request.getContentType());
        SpanOutcomes outcomes;
        try (DecodingBudget.Share share =
                budget.reserve(tenant.tenantId(), bodies.expectedSize(request, ingest.limits()))) {
            ExportTraceServiceRequest export = bodies.read(request, encoding, ingest.limits(), share);
            outcomes = otlp.export(tenant, export);
        }
        ExportTraceServiceResponse response = replies.committed(outcomes);
        byte[] body = encoding == OtlpEncoding.PROTOBUF
                ? response.toByteArray()
                : OtlpJson.print(response).getBytes(StandardCharsets.UTF_8);
        return ResponseEntity.ok().contentType(encoding.mediaType()).body(body);
    }
}
