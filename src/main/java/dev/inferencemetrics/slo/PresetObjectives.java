package dev.inferencemetrics.slo;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.GoodputTargetSet;
import dev.inferencemetrics.deployment.SloPreset;
import dev.inferencemetrics.deployment.SloPresetApplied;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Holds a deployment's TTFT and ITL objectives at a preset's 99 % once the deployment editor or the provisioning API
 * applied it, within the thresholds saved with it, so the budgets and alerts measure the P99 targets the preset names;
 * and the goodput objective at the target the provisioning API set.
 */
@Component
class PresetObjectives {

    private final SloService slos;

    PresetObjectives(SloService slos) {
        this.slos = slos;
    }

    /** The TTFT and ITL objectives of a preset, with these thresholds: the preset's or the operator's changes. */
    static List<SloObjective> of(BigDecimal ttftMs, BigDecimal itlMs) {
        return List.of(
                new SloObjective(SloKind.TTFT, SloPreset.TARGET_PCT, ttftMs.doubleValue(), true),
                new SloObjective(SloKind.ITL, SloPreset.TARGET_PCT, itlMs.doubleValue(), true));
    }

    /** The goodput objective at the target the provisioning API set, switched on. */
    @EventListener
    @Transactional(propagation = Propagation.MANDATORY)
    void hold(GoodputTargetSet set) {
        slos.save(set.deployment(), new SloObjective(SloKind.GOODPUT, set.targetPct(), null, true));
    }

    @EventListener
    @Transactional(propagation = Propagation.MANDATORY)
    void hold(SloPresetApplied applied) {
        DeploymentRef deployment = applied.deployment();
        of(deployment.sloTtftP95Ms(), deployment.sloItlP95Ms()).forEach(objective -> slos.save(deployment, objective));
    }
}
