package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.slo.SloObjective;
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

    /** Must run in the caller's transaction, the deployment's tenant declared. */
    List<AlertRule> of(DeploymentRef deployment, List<SloObjective> enabledObjectives) {
        List<AlertRule> stored = rules.ofDeployment(deployment.tenantId(), deployment.id());
        Set<String> names = stored.stream().map(AlertRule::name).collect(Collectors.toSet());
        List<AlertRule> missing =
                DefaultRules.forDeployment(deployment.tenantId(), deployment.id(), enabledObjectives).stream()
                        .filter(rule -> !names.contains(rule.name()))
                        .toList();
        if (missing.isEmpty()) {
            return stored;
        }
        rules.addMissing(missing);
        return rules.ofDeployment(deployment.tenantId(), deployment.id());
    }
}
