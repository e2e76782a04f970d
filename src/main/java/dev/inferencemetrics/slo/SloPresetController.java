package dev.inferencemetrics.slo;

import dev.inferencemetrics.deployment.SloPreset;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Objectives", description = "SLO objectives and error budgets; change with alerts:write")
class SloPresetController {

    /** A preset as the API lists it: its id, what it is for, and its P99 targets. */
    record PresetAnswer(String id, String label, double targetPct, BigDecimal ttftP99Ms, BigDecimal itlP99Ms) {

        static PresetAnswer of(SloPreset preset) {
            return new PresetAnswer(
                    preset.id(), preset.label(), SloPreset.TARGET_PCT, preset.ttftP99Ms(), preset.itlP99Ms());
        }
    }

    @GetMapping("/api/v1/slo-presets")
    @Operation(
            summary = "The SLO presets by use case: P99 targets for TTFT and ITL",
            description = "Send an id as \"preset\" to PUT .../objectives or .../objectives/{kind}, or as \"sloPreset\""
                    + " to the provisioning API's PUT /api/v1/deployments/{slug}.")
    List<PresetAnswer> presets() {
        return Arrays.stream(SloPreset.values()).map(PresetAnswer::of).toList();
    }
}
