package dev.inferencemetrics.imports;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.DurationParameter;
import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.time.Clock;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Ingest")
class BenchmarkImportController {

    private final BenchmarkImportService imports;
    private final Clock clock;

    BenchmarkImportController(BenchmarkImportService imports, Clock clock) {
        this.imports = imports;
        this.clock = clock;
    }

    @PostMapping("/api/v1/ingest/benchmark")
    @Operation(
            summary = "Import a benchmark result file as request samples",
            description = "The body is the file as written by LLMPerf (individual responses) or by"
                    + " `vllm bench serve --save-result --save-detailed`, or AIPerf's profile_export.jsonl. Records are"
                    + " spread evenly over the run, except AIPerf's, which keep the times they were sent at."
                    + " Importing the same file with the same start again does not count twice. Scope ingest.")
    ImportSummary importBenchmark(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "the deployment's slug") @RequestParam String deployment,
            @Parameter(description = "llmperf, vllm, sglang or aiperf") @RequestParam String format,
            @Parameter(description = "ISO-8601 instant the run began; default: it ended now")
                    @RequestParam(required = false)
                    @Nullable
                    String start,
            @Parameter(description = "run length, ISO-8601 duration or seconds; default: the file's, else 10 min")
                    @RequestParam(required = false)
                    @Nullable
                    String spread,
            HttpServletRequest request)
            throws IOException {
        if (request.getContentLengthLong() > BenchmarkImportService.MAX_FILE_BYTES) {
            throw new ApiProblem(HttpStatus.CONTENT_TOO_LARGE, "Files up to 50 MiB can be imported.");
        }
        BenchmarkFormat benchmark = BenchmarkFormat.fromCode(format)
                .orElseThrow(
                        () -> new ApiProblem(HttpStatus.BAD_REQUEST, "format must be llmperf, vllm, sglang or aiperf"));
        try {
            return imports.importRun(
                    caller,
                    deployment,
                    benchmark,
                    request.getInputStream(),
                    start == null ? null : InstantParameter.parse("start", start),
                    spread == null ? null : DurationParameter.parse("spread", spread),
                    clock.instant(),
                    done -> {});
        } catch (ImportTimedOut e) {
            throw new ApiProblem(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        }
    }
}
