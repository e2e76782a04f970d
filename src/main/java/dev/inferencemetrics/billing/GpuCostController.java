package dev.inferencemetrics.billing;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/deployments")
@Tag(
        name = "Cost",
        description = "What a deployment's tokens cost to make and earned: GPU cost, cost per million output tokens,"
                + " revenue and margin; an operator's session (GPU costs are the operator's business)")
class GpuCostController {

    private static final Duration DEFAULT_WINDOW = Duration.ofHours(1);

    private final DeploymentService deployments;
    private final GpuCostService costs;
    private final OperatorAccessAudit audit;
    private final Clock clock;

    GpuCostController(DeploymentService deployments, GpuCostService costs, OperatorAccessAudit audit, Clock clock) {
        this.deployments = deployments;
        this.costs = costs;
        this.audit = audit;
        this.clock = clock;
    }

    @GetMapping("/{slug}/cost")
    @Operation(
            summary = "GPU cost, cost per million output tokens, revenue and margin of a window",
            description = "GPU cost = Σ GPUs per replica × replicas × price per GPU-hour × hours over the cost periods"
                    + " the window covers, up to now; where a cost reads its replicas from scrapes, replicas × hours are"
                    + " the replica-hours scrapes counted (Σ engine replicas that answered each ended minute ÷ 60), and"
                    + " scrapedReplicas says how many of its minutes had a replica answering. Cost per million output tokens = GPU cost ÷ output tokens ×"
                    + " 10⁶ (= hourly cost ÷ output tokens per hour × 10⁶; at USD 3.00 per hour and 4,000 tokens/s:"
                    + " USD 0.21 per million). Revenue: the tokens priced as the usage export prices them. Margin ="
                    + " revenue − GPU cost. Amounts are exact decimal strings per currency.")
    CostAnswer cost(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @Parameter(description = "ISO-8601 instant on a whole minute; default: an hour before to")
                    @RequestParam(required = false)
                    @Nullable
                    String from,
            @Parameter(description = "ISO-8601 instant on a whole minute; default: now, rounded up to the minute")
                    @RequestParam(required = false)
                    @Nullable
                    String to) {
        if (!caller.scope().isOperator()) {
            throw new ApiProblem(HttpStatus.FORBIDDEN, "Only operators read what deployments cost to run.");
        }
        Instant end = to == null ? nextMinute() : InstantParameter.parse("to", to);
        Instant start = from == null ? end.minus(DEFAULT_WINDOW) : InstantParameter.parse("from", from);
        DeploymentRef deployment = deployments.require(caller.scope(), slug);
        CostOfTokens cost = costs.window(caller.scope(), deployment, start, end);
        audit.called(caller, deployment::tenantId, "cost of " + slug);
        return CostAnswer.of(slug, cost, costs.history(caller.scope(), slug));
    }

    private Instant nextMinute() {
        Instant now = clock.instant();
        Instant minute = now.truncatedTo(ChronoUnit.MINUTES);
        return minute.equals(now) ? minute : minute.plus(1, ChronoUnit.MINUTES);
    }
}
