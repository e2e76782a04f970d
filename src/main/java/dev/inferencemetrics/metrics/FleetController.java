package dev.inferencemetrics.metrics;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/fleet")
@Tag(name = "Metrics", description = "Read deployments and their metrics; API key scope metrics:read, or a session")
class FleetController {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_TEXT = 200;

    private final FleetOverviewService fleet;
    private final OperatorAccessAudit audit;

    FleetController(FleetOverviewService fleet, OperatorAccessAudit audit) {
        this.fleet = fleet;
        this.audit = audit;
    }

    @GetMapping
    @Operation(
            summary = "The last hour of every deployment the caller may see, a page at a time",
            description = "Request rate, error rate, TTFT and ITL p50/p95/p99, KV-cache mean, requests waiting per"
                    + " replica (scraped deployments), input and output tokens/s apart, mean GPU utilisation and memory"
                    + " use (deployments with a DCGM exporter target), goodput (good requests/s, goodput %, token"
                    + " goodput %; exact counts), for operators the GPU cost per million output tokens and per million"
                    + " good output tokens, SLO state and whether an alert fires; sorted by"
                    + " state (firing,"
                    + " breached, at-risk, met, no-data), then by name as people sort it. A tenant's key or user sees"
                    + " its tenant; an operator every tenant. With one of consumer=, adapter= or priority= each"
                    + " deployment's request figures, goodput and SLO state are those of that value's requests (none"
                    + " where it had no traffic), read from its rollups; KV, waiting, GPU gauges and alerts stay the"
                    + " deployment's, and the GPU cost per token is not given.")
    FleetAnswer fleet(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "deployments per page, 1–1000; default 100")
                    @RequestParam(required = false)
                    @Nullable
                    String limit,
            @Parameter(description = "how many deployments to skip; default 0")
                    @RequestParam(required = false)
                    @Nullable
                    String offset,
            @Parameter(description = "only deployments whose name, slug, model, engine or tenant contains this text")
                    @RequestParam(required = false, name = "q")
                    @Nullable
                    String text,
            @Parameter(description = "only these states, comma-separated: firing, breached, at-risk, met, no-data")
                    @RequestParam(required = false)
                    @Nullable
                    String state,
            @Parameter(description = "also archived deployments and those of archived tenants")
                    @RequestParam(defaultValue = "false")
                    boolean archived,
            @ParameterObject DimensionParameters dimensions) {
        int pageSize = number("limit", limit, DEFAULT_LIMIT);
        if (pageSize < 1 || pageSize > FleetOverviewService.MAX_LIMIT) {
            throw new ApiProblem(
                    HttpStatus.BAD_REQUEST, "limit must be between 1 and " + FleetOverviewService.MAX_LIMIT);
        }
        int skip = number("offset", offset, 0);
        if (skip < 0) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "offset must not be negative");
        }
        String needle = text == null ? "" : text;
        if (needle.length() > MAX_TEXT) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "q may be at most " + MAX_TEXT + " characters");
        }
        DimensionValue filter = dimensions.filter();
        FleetQuery query = new FleetQuery(needle, states(state), archived, FleetSort.STATE, false).filteredTo(filter);
        FleetPage page = fleet.page(caller.scope(), query, skip, pageSize, false);
        audit.called(caller, () -> null, "fleet");
        return FleetAnswer.of(page, pageSize, filter);
    }

    private static int number(String name, @Nullable String value, int otherwise) {
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, name + " must be a whole number, not '" + value + "'");
        }
    }

    private static Set<FleetState> states(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return Set.of();
        }
        return Arrays.stream(value.split(",")).map(FleetState::ofApiName).collect(Collectors.toSet());
    }
}
