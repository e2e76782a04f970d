package dev.inferencemetrics.alert;

import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules every deployment starts with: for each enabled objective, the multi-window, multi-burn-rate alerts of
 * the Google SRE workbook (page at 14.4× over 1 h and 5 min — 2 % of a 30-day budget in an hour — and at 6× over
 * 6 h and 30 min; ticket at 1× over 3 days and 6 h) and a sudden burn that spends the same 2 % in a quarter of the
 * time (57.6× over 15 min and 2 min), each asking for at most half the objective's largest possible burn
 * ({@link AlertRule#reachableFor}), so that a total regression pages within minutes whatever the target; KV-cache
 * mean ≥ 90 % over 5 minutes for 10 minutes; requests in flight at or past the scaling point; a consumer with 100
 * requests or more outside the TTFT objective; deployments whose
 * engines report requests waiting also get a waiting rule. The workbook's burn rules clear at 90 % of their threshold, the KV rule
 * below 85 %, the sudden burn at half its threshold.
 */
final class DefaultRules {

    private record BurnAlert(
            String suffix,
            Severity severity,
            double factor,
            Duration longWindow,
            Duration shortWindow,
            double clearFraction) {}

    static final double CLEAR_FRACTION = 0.9;

    private static final List<BurnAlert> BURN_ALERTS = List.of(
            // its 15 minutes follow a load that rises and falls within the hour: it clears at half its threshold,
            // so a deployment that stays broken through such a cycle pages once
            new BurnAlert("sudden burn", Severity.PAGE, 57.6, Duration.ofMinutes(15), Duration.ofMinutes(2), 0.5),
            new BurnAlert("fast burn", Severity.PAGE, 14.4, Duration.ofHours(1), Duration.ofMinutes(5), CLEAR_FRACTION),
            new BurnAlert("slow burn", Severity.PAGE, 6, Duration.ofHours(6), Duration.ofMinutes(30), CLEAR_FRACTION),
            new BurnAlert("budget burn", Severity.TICKET, 1, Duration.ofDays(3), Duration.ofHours(6), CLEAR_FRACTION));

    static final Duration WAITING_WINDOW = Duration.ofMinutes(5);

    static final Duration CONCURRENCY_WINDOW = Duration.ofMinutes(10);

    private DefaultRules() {}

    static List<AlertRule> forDeployment(long tenantId, long deploymentId, List<SloObjective> objectives) {
        List<AlertRule> rules = new ArrayList<>();
        for (SloObjective objective : objectives) {
            for (BurnAlert alert : BURN_ALERTS) {
                rules.add(new AlertRule(
                        0,
                        tenantId,
                        deploymentId,
                        objective.kind().label() + " " + alert.suffix(),
                        RuleKind.BURN_RATE,
                        objective.kind(),
                        alert.severity(),
                        alert.factor(),
                        alert.factor() * alert.clearFraction(),
                        alert.longWindow(),
                        alert.shortWindow(),
                        Duration.ZERO,
                        objective.enabled()));
            }
        }
        rules.add(kvRule(tenantId, deploymentId));
        rules.add(concurrencyRule(tenantId, deploymentId));
        rules.add(consumerRule(tenantId, deploymentId));
        return rules;
    }

    /**
     * Who it is slow for: a consumer with 100 or more requests in the last hour whose TTFT compliance is below the
     * TTFT objective's target, held for 5 minutes, is a ticket naming the consumer; it clears once no consumer with
     * as many requests is outside the objective.
     */
    static AlertRule consumerRule(long tenantId, long deploymentId) {
        return new AlertRule(
                0,
                tenantId,
                deploymentId,
                "Consumer outside TTFT objective",
                RuleKind.CONSUMER_TTFT,
                null,
                Severity.TICKET,
                100,
                100,
                AlertRule.CONSUMER_WINDOW,
                null,
                Duration.ofMinutes(5),
                true);
    }

    /**
     * Early warning of a queue: the mean requests in flight over 10 minutes at or past the deployment's scaling point
     * (75 % of the knee of its TTFT tail), held for 5 minutes, so the queue is flagged before the TTFT budget burns;
     * it clears below 90 % of the scaling point. Without a knee it has no value and never fires.
     */
    static AlertRule concurrencyRule(long tenantId, long deploymentId) {
        return new AlertRule(
                0,
                tenantId,
                deploymentId,
                "Requests in flight past scaling point",
                RuleKind.CONCURRENCY_MEAN,
                null,
                Severity.TICKET,
                100,
                90,
                CONCURRENCY_WINDOW,
                null,
                Duration.ofMinutes(5),
                true);
    }

    /**
     * The rule a deployment gets once its engines report requests waiting: a mean of 10 or more per replica over
     * 5 minutes, held for 10 minutes, is a queue that grows faster than it drains; it clears below 5.
     */
    static AlertRule waitingRule(long tenantId, long deploymentId) {
        return new AlertRule(
                0,
                tenantId,
                deploymentId,
                "Requests waiting high",
                RuleKind.WAITING_MEAN,
                null,
                Severity.TICKET,
                10,
                5,
                WAITING_WINDOW,
                null,
                Duration.ofMinutes(10),
                true);
    }

    static AlertRule kvRule(long tenantId, long deploymentId) {
        return new AlertRule(
                0,
                tenantId,
                deploymentId,
                "KV cache high",
                RuleKind.KV_MEAN,
                null,
                Severity.TICKET,
                90,
                85,
                Duration.ofMinutes(5),
                null,
                Duration.ofMinutes(10),
                true);
    }
}
