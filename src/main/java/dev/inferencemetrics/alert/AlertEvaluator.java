package dev.inferencemetrics.alert;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.notify.Notifications;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.security.TenantScope;
import dev.inferencemetrics.security.TenantTransactions;
import dev.inferencemetrics.slo.CountedBuckets;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloReader;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Evaluates every active deployment's rules at one instant, each deployment in a transaction of its own: a
 * deployment that fails is logged and skipped, never blocking the others or the next run. Only the instant given
 * is evaluated — minutes the evaluator missed are not replayed — so an outage never pages for windows long past.
 */
@Component
@EnableConfigurationProperties(AlertProperties.class)
public class AlertEvaluator {

    private static final Logger log = LoggerFactory.getLogger(AlertEvaluator.class);

    private final DeploymentService deployments;
    private final TenantService tenants;
    private final SloService slos;
    private final SloReader reader;
    private final KvRollupStore kvRollups;
    private final DeploymentRules rules;
    private final AlertStore alerts;
    private final SilenceStore silences;
    private final Notifications notifications;
    private final TenantTransactions transactions;
    private final NoticeWriter writer;

    AlertEvaluator(
            DeploymentService deployments,
            TenantService tenants,
            SloService slos,
            SloReader reader,
            KvRollupStore kvRollups,
            DeploymentRules rules,
            AlertStore alerts,
            SilenceStore silences,
            Notifications notifications,
            TenantTransactions transactions,
            AlertProperties properties) {
        this.deployments = deployments;
        this.tenants = tenants;
        this.slos = slos;
        this.reader = reader;
        this.kvRollups = kvRollups;
        this.rules = rules;
        this.alerts = alerts;
        this.silences = silences;
        this.notifications = notifications;
        this.transactions = transactions;
        this.writer = new NoticeWriter(properties);
    }

    /** Evaluates at {@code now}; stops as soon as {@code leaseHeld} says another instance has taken over. */
    public EvaluationRun evaluate(Instant now, BooleanSupplier leaseHeld) {
        TenantScope all = TenantScope.allTenants();
        Map<Long, String> tenantSlugs =
                tenants.visibleTo(all, true).stream().collect(Collectors.toMap(TenantSummary::id, TenantSummary::slug));
        List<DeploymentRef> active = deployments.activeRefs(all);
        int evaluated = 0;
        int failed = 0;
        for (DeploymentRef deployment : active) {
            try {
                boolean held = transactions.call(all, () -> {
                    if (!leaseHeld.getAsBoolean()) {
                        return false;
                    }
                    evaluate(deployment, tenantSlugs.getOrDefault(deployment.tenantId(), ""), now);
                    return true;
                });
                if (!held) {
                    return new EvaluationRun(evaluated, failed, true);
                }
                evaluated++;
            } catch (RuntimeException e) {
                failed++;
                log.warn("Alert rules of deployment {} could not be evaluated: {}", deployment.slug(), e.toString());
            }
        }
        return new EvaluationRun(evaluated, failed, false);
    }

    private void evaluate(DeploymentRef deployment, String tenant, Instant now) {
        List<SloObjective> objectives = slos.objectives(deployment).stream()
                .filter(SloObjective::enabled)
                .toList();
        List<AlertRule> deploymentRules = rules.of(deployment, objectives);
        RuleValues values = values(deployment, objectives, deploymentRules, now);
        new DeploymentEvaluation(deployment, tenant, now, alerts, notifications, writer)
                .apply(deploymentRules, values, silences.endingAfter(deployment.tenantId(), deployment.id(), now));
    }

    private RuleValues values(
            DeploymentRef deployment, List<SloObjective> objectives, List<AlertRule> deploymentRules, Instant now) {
        Instant end = now.plusSeconds(1);
        Duration longestBurn = longest(deploymentRules, RuleKind.BURN_RATE);
        Duration longestKv = longest(deploymentRules, RuleKind.KV_MEAN);
        CountedBuckets minutes =
                reader.read(deployment, objectives, Resolution.MINUTE, now.minus(AlertRule.MINUTE_GRAIN_UP_TO), end);
        CountedBuckets halfHours = longestBurn.compareTo(AlertRule.MINUTE_GRAIN_UP_TO) > 0
                ? reader.read(deployment, objectives, Resolution.HALF_HOUR, now.minus(longestBurn), end)
                : CountedBuckets.none();
        List<KvRollup> kv = longestKv.isZero()
                ? List.of()
                : kvRollups.read(deployment.tenantId(), deployment.id(), Resolution.MINUTE, now.minus(longestKv), end);
        Map<SloKind, SloObjective> byKind = new EnumMap<>(SloKind.class);
        byKind.putAll(objectives.stream().collect(Collectors.toMap(SloObjective::kind, Function.identity())));
        return new RuleValues(now, byKind, minutes, halfHours, kv);
    }

    private static Duration longest(List<AlertRule> deploymentRules, RuleKind kind) {
        return deploymentRules.stream()
                .filter(rule -> rule.enabled() && rule.kind() == kind)
                .map(AlertRule::longWindow)
                .max(Duration::compareTo)
                .orElse(Duration.ZERO);
    }
}
