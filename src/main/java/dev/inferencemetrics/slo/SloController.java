package dev.inferencemetrics.slo;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentGoodput;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.deployment.SloPreset;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/deployments/{slug}")
@Tag(name = "Objectives", description = "SLO objectives and error budgets; change with alerts:write")
class SloController {

    static final int DEFAULT_CONSUMER_LIMIT = 100;

    private static final Duration DEFAULT_WINDOW = Duration.ofHours(1);

    private final SloService slos;
    private final GoodputService goodputs;
    private final ConsumerComplianceService consumers;
    private final DeploymentService deployments;
    private final OperatorAccessAudit audit;
    private final Clock clock;

    SloController(
            SloService slos,
            GoodputService goodputs,
            ConsumerComplianceService consumers,
            DeploymentService deployments,
            OperatorAccessAudit audit,
            Clock clock) {
        this.slos = slos;
        this.goodputs = goodputs;
        this.consumers = consumers;
        this.deployments = deployments;
        this.audit = audit;
        this.clock = clock;
    }

    @GetMapping("/objectives/ttft/consumers")
    @Operation(
            summary = "The consumers outside the TTFT objective over a window, lowest compliance first",
            description = "Per consumer its requests and the share of its ok requests whose TTFT was within the"
                    + " objective's threshold, listed when that share is below the objective's target; exact per"
                    + " consumer from its own rollups (traffic counted as other is no consumer). At most 31 days.")
    ConsumersOutside consumersOutside(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @Parameter(description = "ISO-8601 instant; default: an hour before to")
                    @RequestParam(required = false)
                    @Nullable
                    String from,
            @Parameter(description = "ISO-8601 instant; default: now") @RequestParam(required = false) @Nullable
                    String to,
            @Parameter(description = "only consumers with at least this many requests in the window; default 1")
                    @RequestParam(required = false)
                    @Nullable
                    String minRequests,
            @Parameter(description = "consumers to list, 1–1000; default 100") @RequestParam(required = false) @Nullable
                    String limit) {
        Instant end = to == null ? clock.instant() : InstantParameter.parse("to", to);
        Instant start = from == null ? end.minus(DEFAULT_WINDOW) : InstantParameter.parse("from", from);
        ConsumersOutside answer = consumers.outside(
                caller.scope(), slug, QueryWindow.of(start, end, null), whole("minRequests", minRequests, 1), (int)
                        whole("limit", limit, DEFAULT_CONSUMER_LIMIT));
        audit.called(
                caller,
                () -> deployments.require(caller.scope(), slug).tenantId(),
                "consumers outside the TTFT objective of deployment " + slug);
        return answer;
    }

    private static long whole(String name, @Nullable String value, long otherwise) {
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new UnusableValueException(name + " must be a whole number, not '" + value + "'");
        }
    }

    @GetMapping("/objectives/goodput")
    @Operation(
            summary =
                    "The goodput SLO: thresholds in ms (any of ttftMs, tpotMs, e2elMs) and from when the counts use them")
    GoodputAnswer goodput(@AuthenticationPrincipal Caller caller, @PathVariable String slug) {
        return GoodputAnswer.of(goodputs.of(caller.scope(), slug));
    }

    @PutMapping("/objectives/goodput")
    @Operation(
            summary = "Set the goodput SLO (alerts:write); the history the raw samples cover is counted again with it",
            description = "An absent or null threshold is not judged. A request is good when it ended ok, did not stop"
                    + " at its token budget (finish reason length) and meets every threshold given.")
    GoodputAnswer changeGoodput(
            @AuthenticationPrincipal Caller caller, @PathVariable String slug, @RequestBody GoodputBody body) {
        return GoodputAnswer.of(
                goodputs.change(caller.scope(), slug, new GoodputSlo(body.ttftMs(), body.tpotMs(), body.e2elMs())));
    }

    record GoodputBody(
            @Nullable Double ttftMs,
            @Nullable Double tpotMs,
            @Nullable Double e2elMs) {}

    /** The thresholds, and the instant from which the rollups are counted with them (null: all of them). */
    record GoodputAnswer(
            @Nullable Double ttftMs,
            @Nullable Double tpotMs,
            @Nullable Double e2elMs,
            @Nullable Instant countedFrom) {

        static GoodputAnswer of(DeploymentGoodput goodput) {
            GoodputSlo slo = goodput.slo();
            return new GoodputAnswer(slo.ttftMs(), slo.tpotMs(), slo.e2elMs(), goodput.countedFrom());
        }
    }

    @GetMapping("/objectives")
    @Operation(summary = "The deployment's objectives, defaults filled in")
    List<SloObjective> objectives(@AuthenticationPrincipal Caller caller, @PathVariable String slug) {
        return slos.objectives(caller.scope(), slug);
    }

    @GetMapping("/budgets")
    @Operation(summary = "Each enabled objective's error budget over the rolling period, with its burn-down")
    List<BudgetReport> budgets(@AuthenticationPrincipal Caller caller, @PathVariable String slug) {
        return slos.budgets(caller.scope(), slug);
    }

    @PutMapping("/objectives/{kind}")
    @Operation(
            summary =
                    "Set an objective: targetPct, thresholdMs (none for AVAILABILITY and GOODPUT), enabled (alerts:write)",
            description = "With \"preset\" (an id of GET /api/v1/slo-presets; TTFT and ITL only) the fields left"
                    + " out are the preset's: targetPct 99, thresholdMs its P99 figure, enabled true. Without it,"
                    + " targetPct is required and a left-out enabled is false.")
    SloObjective change(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @PathVariable String kind,
            @RequestBody ObjectiveBody body) {
        SloKind parsed = Arrays.stream(SloKind.values())
                .filter(k -> k.name().equalsIgnoreCase(kind))
                .findFirst()
                .orElseThrow(() ->
                        new ApiProblem(HttpStatus.BAD_REQUEST, "kind must be TTFT, ITL, E2E, AVAILABILITY or GOODPUT"));
        SloObjective objective = body.objective(parsed);
        slos.change(caller.scope(), slug, objective);
        return objective;
    }

    @PutMapping("/objectives")
    @Operation(
            summary = "Apply an SLO preset: TTFT and ITL objectives at 99 % within its P99 figures (alerts:write)",
            description = "Body: {\"preset\": an id of GET /api/v1/slo-presets}. Answers the two objectives set.")
    List<SloObjective> applyPreset(
            @AuthenticationPrincipal Caller caller, @PathVariable String slug, @RequestBody PresetBody body) {
        if (body.preset() == null) {
            throw new ApiProblem(HttpStatus.BAD_REQUEST, "preset is required");
        }
        return slos.applyPreset(caller.scope(), slug, SloPreset.of(body.preset()));
    }

    record PresetBody(@Nullable String preset) {}

    /** An objective as sent; a preset fills what is left out. */
    record ObjectiveBody(
            @Nullable Double targetPct,
            @Nullable Double thresholdMs,
            @Nullable Boolean enabled,
            @Nullable String preset) {

        SloObjective objective(SloKind kind) {
            if (preset == null) {
                if (targetPct == null) {
                    throw new ApiProblem(HttpStatus.BAD_REQUEST, "targetPct is required without a preset");
                }
                return new SloObjective(kind, targetPct, thresholdMs, Boolean.TRUE.equals(enabled));
            }
            SloPreset chosen = SloPreset.of(preset);
            BigDecimal presetThreshold =
                    switch (kind) {
                        case TTFT -> chosen.ttftP99Ms();
                        case ITL -> chosen.itlP99Ms();
                        case E2E, AVAILABILITY, GOODPUT ->
                            throw new ApiProblem(HttpStatus.BAD_REQUEST, "presets set TTFT and ITL objectives only");
                    };
            return new SloObjective(
                    kind,
                    targetPct == null ? SloPreset.TARGET_PCT : targetPct,
                    thresholdMs == null ? presetThreshold.doubleValue() : thresholdMs,
                    enabled == null || enabled);
        }
    }
}
