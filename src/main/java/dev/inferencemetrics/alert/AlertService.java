package dev.inferencemetrics.alert;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Alerts, rules and silences within the caller's tenant scope; every change is audited. Bad values are refused
 * with a plain reason ({@link UnusableValueException}).
 */
@Service
public class AlertService {

    static final Duration LONGEST_SILENCE = Duration.ofDays(30);

    private final DeploymentService deployments;
    private final SloService slos;
    private final DeploymentRules deploymentRules;
    private final RuleStore rules;
    private final AlertStore alerts;
    private final SilenceStore silences;
    private final AuditLog audit;
    private final ScalingPoints scalingPoints;
    private final Clock clock;

    AlertService(
            DeploymentService deployments,
            SloService slos,
            DeploymentRules deploymentRules,
            RuleStore rules,
            AlertStore alerts,
            SilenceStore silences,
            AuditLog audit,
            ScalingPoints scalingPoints,
            Clock clock) {
        this.deployments = deployments;
        this.slos = slos;
        this.deploymentRules = deploymentRules;
        this.rules = rules;
        this.alerts = alerts;
        this.silences = silences;
        this.audit = audit;
        this.scalingPoints = scalingPoints;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<AlertSummary> alerts(TenantScope scope, AlertFilter filter) {
        return alerts.search(filter);
    }

    /** One page of the filter's alerts, newest first, from {@code offset} on: the filter's limit is the page's length. */
    @Transactional(readOnly = true)
    public List<AlertSummary> page(TenantScope scope, AlertFilter filter, int offset) {
        if (offset < 0) {
            throw new IllegalArgumentException("A page starts at 0 or later.");
        }
        return alerts.page(filter, offset);
    }

    /** How many alerts in the scope the filter matches, whatever its limit. */
    @Transactional(readOnly = true)
    public int count(TenantScope scope, AlertFilter filter) {
        return alerts.count(filter);
    }

    /** The slugs of the deployments in the scope with an alert firing now. */
    @Transactional(readOnly = true)
    public Set<String> firingDeployments(TenantScope scope) {
        return alerts.firingDeployments();
    }

    /** The deployment's rules, its defaults written first if the evaluator has not yet done so. */
    @Transactional
    public List<AlertRule> rules(TenantScope scope, String slug) {
        DeploymentRef deployment = deployments.require(scope, slug);
        return deploymentRules.of(deployment, enabledObjectives(deployment), false);
    }

    /** The deployment's scaling point for its concurrency rule, read now, or why there is none. */
    @Transactional(readOnly = true)
    public ScalingPoint scalingPoint(TenantScope scope, String slug) {
        return scalingPoints.readNow(deployments.require(scope, slug), clock.instant());
    }

    @Transactional
    public AlertRule changeRule(TenantScope scope, String slug, long ruleId, RuleSettings settings) {
        DeploymentRef deployment = deployments.require(scope, slug);
        AlertRule rule = rules.find(deployment.tenantId(), ruleId)
                .filter(found -> found.deploymentId() == deployment.id())
                .orElseThrow(() -> new UnusableValueException("deployment " + slug + " has no rule " + ruleId));
        AlertRule changed = rule.withSettings(
                settings.threshold(), settings.clearBelow(), settings.forDuration(), settings.enabled());
        rules.update(changed);
        audit.record(
                AuditKind.ALERT_RULE_CHANGED,
                deployment.tenantId(),
                "%s, %s: %s, clears below %s, for %s%s"
                        .formatted(
                                slug,
                                rule.name(),
                                changed.condition(),
                                changed.clearBelow(),
                                changed.forDuration(),
                                changed.enabled() ? "" : " (off)"));
        return changed;
    }

    @Transactional
    public long silence(TenantScope scope, String slug, @Nullable Long ruleId, Instant endsAt, String reason) {
        DeploymentRef deployment = deployments.require(scope, slug);
        Instant now = clock.instant();
        if (!endsAt.isAfter(now) || endsAt.isAfter(now.plus(LONGEST_SILENCE))) {
            throw new UnusableValueException("a silence must end in the future, within 30 days");
        }
        String why = reason.strip();
        if (why.isEmpty() || why.length() > 500) {
            throw new UnusableValueException("a silence needs a reason of 1 to 500 characters");
        }
        if (ruleId != null
                && rules.find(deployment.tenantId(), ruleId)
                        .filter(rule -> rule.deploymentId() == deployment.id())
                        .isEmpty()) {
            throw new UnusableValueException("deployment " + slug + " has no rule " + ruleId);
        }
        String actor = audit.actorName();
        long id = silences.add(deployment.tenantId(), deployment.id(), ruleId, endsAt, why, actor, now);
        audit.record(
                AuditKind.ALERT_SILENCED,
                deployment.tenantId(),
                "%s%s until %s: %s".formatted(slug, ruleId == null ? "" : ", rule " + ruleId, endsAt, why));
        return id;
    }

    /** The deployment's silences that have not ended. */
    @Transactional(readOnly = true)
    public List<Silence> silences(TenantScope scope, String slug) {
        DeploymentRef deployment = deployments.require(scope, slug);
        return silences.endingAfter(deployment.tenantId(), deployment.id(), clock.instant());
    }

    @Transactional
    public boolean endSilence(TenantScope scope, String slug, long silenceId) {
        DeploymentRef deployment = deployments.require(scope, slug);
        boolean ended = silences.end(deployment.tenantId(), silenceId, clock.instant());
        if (ended) {
            audit.record(AuditKind.ALERT_SILENCED, deployment.tenantId(), slug + ": silence " + silenceId + " ended");
        }
        return ended;
    }

    /** Marks a firing alert as being looked after; false if it is not firing or was acknowledged already. */
    @Transactional
    public boolean acknowledge(TenantScope scope, long alertId) {
        String actor = audit.actorName();
        boolean acknowledged = alerts.acknowledge(alertId, actor, clock.instant());
        if (acknowledged) {
            audit.record(AuditKind.ALERT_ACKNOWLEDGED, alerts.tenantOf(alertId), "alert " + alertId);
        }
        return acknowledged;
    }

    private List<SloObjective> enabledObjectives(DeploymentRef deployment) {
        return slos.objectives(deployment).stream()
                .filter(SloObjective::enabled)
                .toList();
    }
}
