package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.slo.SloObjective;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** A deployment's rules, its defaults added first for objectives that have none yet (once per rule name). */
@Component
class DeploymentRules {

    private final RuleStore rules;

    DeploymentRules(RuleStore rules) {
        this.rules = rules;
    }

    /**
     * Must run in the caller's transaction, the deployment's tenant declared. {@code waitingGauge}: its engines report
     * requests waiting, so it gets the waiting rule too (kept once added, like every rule).
     */
    List<AlertRule> of(DeploymentRef deployment, List<SloObjective> enabledObjectives, boolean waitingGauge) {
        List<AlertRule> stored = rules.ofDeployment(deployment.tenantId(), deployment.id());
        List<AlertRule> missing = missing(deployment, enabledObjectives, waitingGauge, stored);
        if (missing.isEmpty()) {
            return stored;
        }
        rules.addMissing(missing);
        return rules.ofDeployment(deployment.tenantId(), deployment.id());
    }

    /** Adds these default rules (those of {@link #missing}), in the caller's transaction, all tenants declared. */
    void add(List<AlertRule> missing) {
        rules.addMissing(missing);
    }

    /** The default rules the deployment should have and has not, by name, given its {@code stored} rules. */
    static List<AlertRule> missing(
            DeploymentRef deployment,
            List<SloObjective> enabledObjectives,
            boolean waitingGauge,
            List<AlertRule> stored) {
        Set<String> names = stored.stream().map(AlertRule::name).collect(Collectors.toSet());
        List<AlertRule> defaults =
                new ArrayList<>(DefaultRules.forDeployment(deployment.tenantId(), deployment.id(), enabledObjectives));
        if (waitingGauge) {
            defaults.add(DefaultRules.waitingRule(deployment.tenantId(), deployment.id()));
        }
        return defaults.stream().filter(rule -> !names.contains(rule.name())).toList();
    }
}
