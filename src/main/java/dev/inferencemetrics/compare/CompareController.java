package dev.inferencemetrics.compare;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Metrics", description = "Read deployments and their metrics; API key scope metrics:read, or a session")
class CompareController {

    private static final Duration DEFAULT_WINDOW = Duration.ofHours(1);

    private final CompareService compare;
    private final DeploymentService deployments;
    private final OperatorAccessAudit audit;
    private final Clock clock;

    CompareController(CompareService compare, DeploymentService deployments, OperatorAccessAudit audit, Clock clock) {
        this.compare = compare;
        this.deployments = deployments;
        this.audit = audit;
        this.clock = clock;
    }

    /** The answer: both sides, how far B's window starts after A's, and the deltas of B against A. */
    record CompareAnswer(Side a, Side b, long offsetSeconds, List<Delta> deltas) {}

    @GetMapping("/api/v1/compare")
    @Operation(
            summary = "Two deployments, one deployment over two periods, or two consumers, adapters or priorities,"
                    + " side by side with their deltas",
            description =
                    "Each side is its window merged from the rollups; deltas are B against A, each with a verdict"
                            + " on whether it is larger than the noise at 95 %: latency percentiles by non-overlapping"
                            + " binomial rank intervals widened by the sketches' ±1 % accuracy, the error rate by a"
                            + " two-proportion z-test, the request rate by a Poisson rate test; input and output"
                            + " tokens/s are compared apart, without a verdict. b defaults to a, B's window"
                            + " to the period before A's (same length, ending where A's begins) when b is a with the same filter, else"
                            + " to A's. Each side may cover one consumer's, adapter's or priority's requests only,"
                            + " read exactly from that value's rollups (the KV-cache mean stays the deployment's); windows are snapped outward to whole steps as in a metrics query.")
    CompareAnswer compare(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "slug of side A's deployment (required)") @RequestParam(required = false) @Nullable
                    String a,
            @Parameter(description = "slug of side B's deployment; default: a")
                    @RequestParam(required = false)
                    @Nullable
                    String b,
            @Parameter(description = "ISO-8601 instant; default: an hour before aTo")
                    @RequestParam(required = false)
                    @Nullable
                    String aFrom,
            @Parameter(description = "ISO-8601 instant; default: now") @RequestParam(required = false) @Nullable
                    String aTo,
            @Parameter(description = "ISO-8601 instant; default: aFrom (b = a without bTo: the period before A's)")
                    @RequestParam(required = false)
                    @Nullable
                    String bFrom,
            @Parameter(description = "ISO-8601 instant; default: aTo (b = a without bFrom: aFrom)")
                    @RequestParam(required = false)
                    @Nullable
                    String bTo,
            @Parameter(
                            description = "side A covers only this consumer's requests (or aAdapter, aPriority: one"
                                    + " of the three); default: all")
                    @RequestParam(required = false)
                    @Nullable
                    String aConsumer,
            @Parameter(description = "side A covers only the requests served with this LoRA adapter")
                    @RequestParam(required = false)
                    @Nullable
                    String aAdapter,
            @Parameter(description = "side A covers only the requests of this priority class")
                    @RequestParam(required = false)
                    @Nullable
                    String aPriority,
            @Parameter(description = "side B covers only this consumer's requests; not inherited from side A")
                    @RequestParam(required = false)
                    @Nullable
                    String bConsumer,
            @Parameter(description = "side B covers only the requests served with this LoRA adapter")
                    @RequestParam(required = false)
                    @Nullable
                    String bAdapter,
            @Parameter(description = "side B covers only the requests of this priority class")
                    @RequestParam(required = false)
                    @Nullable
                    String bPriority) {
        if (a == null) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "a must name a deployment");
        }
        Instant endA = aTo == null ? clock.instant() : InstantParameter.parse("aTo", aTo);
        Instant startA = aFrom == null ? endA.minus(DEFAULT_WINDOW) : InstantParameter.parse("aFrom", aFrom);
        Instant startB = bFrom == null ? null : InstantParameter.parse("bFrom", bFrom);
        Instant endB = bTo == null ? null : InstantParameter.parse("bTo", bTo);
        Map<String, @Nullable String> filters = new HashMap<>();
        filters.put("aConsumer", aConsumer);
        filters.put("aAdapter", aAdapter);
        filters.put("aPriority", aPriority);
        filters.put("bConsumer", bConsumer);
        filters.put("bAdapter", bAdapter);
        filters.put("bPriority", bPriority);
        CompareRequest request = CompareRequest.of(
                a, startA, endA, SideFilter.of("a", filters::get), b, startB, endB, SideFilter.of("b", filters::get));
        Comparison comparison = compare.compare(caller.scope(), request);
        Set<String> slugs = new TreeSet<>(List.of(request.a(), request.b()));
        for (String slug : slugs) {
            audit.called(
                    caller,
                    () -> deployments.require(caller.scope(), slug).tenantId(),
                    "comparison of deployment " + slug);
        }
        return new CompareAnswer(
                comparison.a(), comparison.b(), request.offset().getSeconds(), comparison.deltas());
    }
}
