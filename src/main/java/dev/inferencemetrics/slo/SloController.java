package dev.inferencemetrics.slo;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.deployment.DeploymentGoodput;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
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
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/deployments/{slug}")
@Tag(name = "Objectives", description = "SLO objectives and error budgets; change with alerts:write")
class SloController {

    private final SloService slos;
    private final GoodputService goodputs;

    SloController(SloService slos, GoodputService goodputs) {
        this.slos = slos;
        this.goodputs = goodputs;
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
    @Operation(summary = "Set an objective: targetPct, thresholdMs (none for AVAILABILITY), enabled (alerts:write)")
    SloObjective change(
            @AuthenticationPrincipal Caller caller,
            @PathVariable String slug,
            @PathVariable String kind,
            @RequestBody ObjectiveBody body) {
        SloKind parsed = Arrays.stream(SloKind.values())
                .filter(k -> k.name().equalsIgnoreCase(kind))
                .findFirst()
                .orElseThrow(
                        () -> new ApiProblem(HttpStatus.BAD_REQUEST, "kind must be TTFT, ITL, E2E or AVAILABILITY"));
        SloObjective objective = new SloObjective(parsed, body.targetPct(), body.thresholdMs(), body.enabled());
        slos.change(caller.scope(), slug, objective);
        return objective;
    }

    record ObjectiveBody(double targetPct, @Nullable Double thresholdMs, boolean enabled) {}
}
