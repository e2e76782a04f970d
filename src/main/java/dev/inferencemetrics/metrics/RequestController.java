package dev.inferencemetrics.metrics;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/deployments")
@Tag(name = "Metrics")
class RequestController {

    private final RequestDrillDownService drillDown;
    private final DeploymentService deployments;
    private final OperatorAccessAudit audit;

    RequestController(RequestDrillDownService drillDown, DeploymentService deployments, OperatorAccessAudit audit) {
        this.drillDown = drillDown;
        this.deployments = deployments;
        this.audit = audit;
    }

    @GetMapping(value = "/{slug}/requests", params = "!format")
    @Operation(
            summary = "The raw requests of an interval (at most 1 hour), a page at a time, slowest first by default",
            description = "Pass the answer's next as after for the following page. Past the raw retention the answer"
                    + " has rawAvailable false and the interval's distribution from the rollups instead. consumer=,"
                    + " adapter= or priority= (one at a time) lists only the requests with that value.")
    RequestPage page(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @Parameter(description = "ISO-8601 instant") @RequestParam String from,
            @Parameter(description = "ISO-8601 instant, at most 1 hour after from") @RequestParam String to,
            @Parameter(description = "ttft, itl, e2e, queue, time, input or output")
                    @RequestParam(defaultValue = "ttft")
                    String sort,
            @Parameter(description = "desc (default) or asc") @RequestParam(defaultValue = "desc") String order,
            @RequestParam(defaultValue = "50") int limit,
            @RequestParam(required = false) @Nullable String after,
            @ParameterObject DimensionParameters dimensions) {
        RequestPage page = drillDown.page(
                caller.scope(),
                slug,
                InstantParameter.parse("from", from),
                InstantParameter.parse("to", to),
                RequestSort.of(sort),
                descending(order),
                limit,
                after,
                dimensions.filter());
        audit.called(caller, () -> deployments.require(caller.scope(), slug).tenantId(), "requests of " + slug);
        return page;
    }

    /** Every request of the interval (or of its requests with one value of a dimension) as CSV, a page at a time. */
    @GetMapping(value = "/{slug}/requests", params = "format=csv")
    void csv(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @RequestParam String from,
            @RequestParam String to,
            @RequestParam(defaultValue = "ttft") String sort,
            @RequestParam(defaultValue = "desc") String order,
            @ParameterObject DimensionParameters dimensions,
            HttpServletResponse response)
            throws IOException {
        RequestSort by = RequestSort.of(sort);
        DimensionValue filter = dimensions.filter();
        boolean descending = descending(order);
        RequestPage first = drillDown.page(
                caller.scope(),
                slug,
                InstantParameter.parse("from", from),
                InstantParameter.parse("to", to),
                by,
                descending,
                RequestDrillDownService.MAX_PAGE,
                null,
                filter);
        audit.called(caller, () -> deployments.require(caller.scope(), slug).tenantId(), "requests of " + slug);
        response.setContentType("text/csv;charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"" + slug + "-requests.csv\"");
        Writer out = new java.io.OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8);
        RequestCsv csv = new RequestCsv(out);
        for (RequestPage page = first; ; ) {
            csv.rows(page.requests());
            String next = page.next();
            if (next == null) {
                break;
            }
            page = drillDown.page(
                    caller.scope(),
                    slug,
                    first.from(),
                    first.to(),
                    by,
                    descending,
                    RequestDrillDownService.MAX_PAGE,
                    next,
                    filter);
        }
        csv.flush();
    }

    private static boolean descending(String order) {
        return switch (order.toLowerCase(java.util.Locale.ROOT)) {
            case "desc" -> true;
            case "asc" -> false;
            default -> throw new ApiProblem(HttpStatus.BAD_REQUEST, "order must be desc or asc");
        };
    }
}
