package dev.inferencemetrics.metrics;

import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/deployments")
@Tag(name = "Metrics")
class HeatmapController {

    private final HeatmapService heatmaps;
    private final DeploymentWindowReads reads;

    HeatmapController(HeatmapService heatmaps, DeploymentWindowReads reads) {
        this.heatmaps = heatmaps;
        this.reads = reads;
    }

    @GetMapping("/{slug}/heatmap")
    @Operation(
            summary = "A metric's distribution per interval, counted into shared log-scale buckets",
            description = "From the rollup sketches, like /metrics: bounds are the bucket edges (one more than each"
                    + " column's counts), each column has the interval's count, p50, p99 and counts per bucket."
                    + " consumer=, adapter= or priority= (one at a time) draws that value's requests alone.")
    Heatmap heatmap(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @Parameter(description = "ttft, itl, e2e, input or output (token counts)")
                    @RequestParam(defaultValue = "ttft")
                    String metric,
            @ParameterObject WindowParameters parameters,
            @ParameterObject DimensionParameters dimensions) {
        DimensionValue filter = dimensions.filter();
        return reads.read(
                caller,
                slug,
                "heatmap",
                parameters,
                window -> heatmaps.query(caller.scope(), slug, HeatmapMetric.of(metric), window, filter));
    }
}
