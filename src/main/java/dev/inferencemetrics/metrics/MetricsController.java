package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
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
class MetricsController {

    private final DeploymentService deployments;
    private final MetricsQueryService metrics;
    private final ApproximateLatencyService approximateLatency;
    private final OperatorAccessAudit audit;
    private final DeploymentWindowReads reads;

    MetricsController(
            DeploymentService deployments,
            MetricsQueryService metrics,
            ApproximateLatencyService approximateLatency,
            OperatorAccessAudit audit,
            DeploymentWindowReads reads) {
        this.deployments = deployments;
        this.metrics = metrics;
        this.approximateLatency = approximateLatency;
        this.audit = audit;
        this.reads = reads;
    }

    @GetMapping
    @Operation(
            summary = "The deployments the caller may see",
            description = "Active ones only, unless archived=true; archivedAt says since when one (or its tenant) is"
                    + " archived, null while active.")
    List<DeploymentListItem> list(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "also list archived deployments and those of archived tenants")
                    @RequestParam(defaultValue = "false")
                    boolean archived) {
        audit.called(caller, () -> null, "deployment list");
        return deployments.visibleTo(caller.scope(), archived);
    }

    @GetMapping("/{slug}/metrics")
    @Operation(
            summary = "Summary and per-interval series of a deployment's metrics",
            description = "Percentiles are within 1 % of a true value of the quantile. The window is snapped outward"
                    + " to whole steps; from/to in the answer say what was covered. latencySource says where the"
                    + " latency figures come from: requests (exact), engine-histograms (a deployment known only from"
                    + " its engines' /metrics in this window: see approximate, bucketed estimates with their bucket"
                    + " bounds) or none. Throughput per interval gives input (prompt) and output (generated) tokens/s"
                    + " apart; their sum is the input + output tokens/s. consumer=, adapter= or priority= (one at"
                    + " a time) answers for that value's requests from its own rollups; filter.otherCounted then says"
                    + " whether the window has traffic past a day's cap of values, counted under other.")
    MetricsAnswer metrics(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @ParameterObject WindowParameters parameters,
            @ParameterObject DimensionParameters dimensions) {
        DimensionValue filter = dimensions.filter();
        if (filter != null) {
            return reads.read(
                    caller,
                    slug,
                    "metrics",
                    parameters,
                    window -> MetricsAnswer.filtered(
                            metrics.query(caller.scope(), slug, window, filter),
                            filter,
                            metrics.anyOther(caller.scope(), slug, window, filter.dimension())));
        }
        return reads.read(
                caller,
                slug,
                "metrics",
                parameters,
                window -> MetricsAnswer.of(
                        metrics.query(caller.scope(), slug, window),
                        approximateLatency.query(caller.scope(), slug, window)));
    }
}
