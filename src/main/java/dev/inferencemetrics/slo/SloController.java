package dev.inferencemetrics.slo;

import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.deployment.DeploymentGoodput;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.deployment.SloPreset;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
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
