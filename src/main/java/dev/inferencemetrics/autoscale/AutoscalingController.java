package dev.inferencemetrics.autoscale;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(
        name = "Autoscaling",
        description = "Signals for KEDA and the HPA over the last five whole minutes; API key scope metrics:read,"
                + " or a session")
class AutoscalingController {

    static final int DEFAULT_LIMIT = 500;

    private final AutoscalingService autoscaling;
    private final OperatorAccessAudit audit;

    AutoscalingController(AutoscalingService autoscaling, OperatorAccessAudit audit) {
        this.autoscaling = autoscaling;
        this.audit = audit;
    }

    @GetMapping(value = "/api/v1/deployments/{slug}/autoscaling", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            summary = "The deployment's autoscaling signals, for KEDA's metrics-api scaler",
            description = "TTFT and ITL p99 (ms) of the last five whole minutes, the TTFT objective's burn rate over"
                    + " them, requests waiting and running per replica (scraped engines), mean concurrency by"
                    + " Little's law, requests, and recommendedReplicas = ⌈peakRequestsPerSecond (the busiest whole"
                    + " minute) ÷ (utilisation ceiling of ttftTargetMs ÷ serviceTimeMs)⌉, the replica sizing of the"
                    + " Capacity tab. A figure without data is null. Point the scaler's valueLocation at a field, e.g."
                    + " ttftP99Ms or recommendedReplicas.")
    ScalingSignals deployment(@AuthenticationPrincipal Caller caller, @PathVariable String slug) {
        ScalingSignals signals = autoscaling.of(caller.scope(), slug);
        audit.called(caller, () -> null, "autoscaling signals of " + slug);
        return signals;
    }

    @GetMapping(value = "/api/v1/autoscaling")
    @Operation(
            summary = "The autoscaling signals of the caller's deployments as Prometheus text, for KEDA's prometheus"
                    + " scaler",
            description = "One gauge series per active deployment and signal, labelled tenant and deployment, by"
                    + " slug, a page at a time; a figure without data has no series. Names:"
                    + " inferencemetrics_ttft_p99_seconds, inferencemetrics_itl_p99_seconds,"
                    + " inferencemetrics_ttft_burn_rate, inferencemetrics_requests_waiting_per_replica,"
                    + " inferencemetrics_requests_running_per_replica, inferencemetrics_concurrency,"
                    + " inferencemetrics_window_requests, inferencemetrics_recommended_replicas.")
    ResponseEntity<String> prometheus(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "deployments per page, 1–1000; default 500")
                    @RequestParam(required = false)
                    @Nullable
                    String limit,
            @Parameter(description = "how many deployments (by slug) to skip; default 0")
                    @RequestParam(required = false)
                    @Nullable
                    String offset) {
        int pageSize = number("limit", limit, DEFAULT_LIMIT);
        if (pageSize < 1 || pageSize > AutoscalingService.MAX_LIMIT) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "limit must be between 1 and " + AutoscalingService.MAX_LIMIT);
        }
        int skip = number("offset", offset, 0);
        if (skip < 0) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "offset must not be negative");
        }
        ScalingPage page = autoscaling.page(caller.scope(), skip, pageSize);
        audit.called(caller, () -> null, "autoscaling signals");
        return ResponseEntity.ok()
                .header("Content-Type", PrometheusText.CONTENT_TYPE)
                .header("X-Total-Count", Integer.toString(page.total()))
                .body(PrometheusText.write(page));
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
}
