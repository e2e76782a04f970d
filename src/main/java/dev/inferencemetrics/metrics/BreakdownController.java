package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/deployments")
@Tag(name = "Metrics", description = "Read deployments and their metrics; API key scope metrics:read, or a session")
class BreakdownController {

    static final int DEFAULT_LIMIT = 100;

    private final BreakdownService breakdowns;
    private final DeploymentWindowReads reads;

    BreakdownController(BreakdownService breakdowns, DeploymentWindowReads reads) {
        this.breakdowns = breakdowns;
        this.reads = reads;
    }

    @GetMapping("/{slug}/breakdown")
    @Operation(
            summary = "A deployment's window broken down by consumer, adapter or priority",
            description = "Per value the requests, error rate, TTFT p50/p99, ITL p99, goodput % and the share of ok"
                    + " requests within the deployment's TTFT objective, slowest TTFT p99 first. Each value is exact"
                    + " from its own rollups; a deployment counts at most valuesPerDay values of a dimension on their"
                    + " own per UTC day, further ones under the row flagged other (otherCounted says whether the"
                    + " window has one). At most 31 days.")
    Breakdown breakdown(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @Parameter(description = "consumer, adapter or priority") @RequestParam String dimension,
            @Parameter(description = "values to list, 1–1000; default 100") @RequestParam(required = false) @Nullable
                    String limit,
            @ParameterObject WindowParameters parameters) {
        Dimension by = Dimension.fromCode(dimension)
                .orElseThrow(() -> new UnusableValueException("dimension must be consumer, adapter or priority"));
        int values = limit(limit);
        return reads.read(
                caller,
                slug,
                "breakdown",
                parameters,
                window -> breakdowns.breakdown(caller.scope(), slug, window, by, values));
    }

    private static int limit(@Nullable String limit) {
        if (limit == null || limit.isBlank()) {
            return DEFAULT_LIMIT;
        }
        try {
            return Integer.parseInt(limit.trim());
        } catch (NumberFormatException e) {
            throw new UnusableValueException("limit must be a whole number, not '" + limit + "'");
        }
    }
}
