package dev.inferencemetrics.alert;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What one evaluation does to one rule's alert — the rule's {@link Step} from its value now, its open alert and the
 * silences — decided from readings alone, free of storage; {@link AlertRecorder} carries it out.
 */
record Decision(
        AlertRule rule,
        Step step,
        double value,
        @Nullable String reason,
        @Nullable OpenAlert open,
        boolean silenced) {

    /**
     * Each of the deployment's rules' decision, in the order of its rules; a burn-rate rule is judged (and reported)
     * at the threshold its objective can reach ({@link AlertRule#reachableFor}).
     */
    static List<Decision> of(FleetReadings.PlannedEvaluation planned, Instant now) {
        List<Decision> decisions = new ArrayList<>();
        for (AlertRule stored : planned.rules()) {
            AlertRule rule = planned.values().judged(stored);
            double value = valueOf(rule, planned.values());
            String reason = rule.enabled() ? planned.values().reason(rule) : null;
            OpenAlert open = planned.open().get(rule.id());
            boolean silenced = planned.silences().stream().anyMatch(silence -> silence.covers(rule, now));
            decisions.add(new Decision(
                    rule, Step.next(rule, value, Optional.ofNullable(open), now), value, reason, open, silenced));
        }
        return decisions;
    }

    /** A switched-off rule (or one whose objective is off) counts as 0, so it resolves. */
    static double valueOf(AlertRule rule, RuleValues values) {
        return rule.enabled() ? values.of(rule).orElse(0) : 0;
    }

    /**
     * When no alert changes state — every step is {@link Step#NONE} or {@link Step#UPDATE} — the open alerts' new
     * values, which need no transaction of the deployment's own; empty when some alert opens, fires, resolves or is
     * dropped.
     */
    static Optional<List<ValueRefresh>> refreshesOnly(List<Decision> decisions) {
        List<ValueRefresh> refreshes = new ArrayList<>();
        for (Decision decision : decisions) {
            switch (decision.step()) {
                case NONE -> {}
                case UPDATE -> refreshes.add(decision.refresh());
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(refreshes);
    }

    /** The open alert this decision is about; only steps that change an open alert call it. */
    OpenAlert alert() {
        if (open == null) {
            throw new IllegalStateException("step " + step + " of rule " + rule.id() + " needs an open alert");
        }
        return open;
    }

    ValueRefresh refresh() {
        return new ValueRefresh(rule.tenantId(), alert().id(), value, reason);
    }

    /** An open alert's value now (its peak follows), and why it is what it is, if its rule says. */
    record ValueRefresh(
            long tenantId,
            long alertId,
            double value,
            @Nullable String reason) {}
}
