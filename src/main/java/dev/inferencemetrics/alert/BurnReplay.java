package dev.inferencemetrics.alert;

import dev.inferencemetrics.slo.CountedBuckets;
import dev.inferencemetrics.slo.EventCounts;
import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replays one objective's events, minute by minute, through the burn-rate rules a deployment gets by default,
 * evaluated as the evaluator does once each minute has ended (the same windows, {@link RuleValues}, reachable
 * thresholds and {@link Step}s), with no storage: what the rules would have done on that traffic. It answers how
 * many minutes a regression takes to page and whether a day of ordinary traffic pages at all.
 */
public final class BurnReplay {

    private static final Instant START = Instant.parse("2026-01-05T00:00:00Z");
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final Duration HALF_HOUR = Duration.ofMinutes(30);

    /** An alert that fired during a replay: its rule, severity, and the minute (from 1) after which it fired. */
    public record Firing(String rule, Severity severity, int minute) {}

    private BurnReplay() {}

    /**
     * The alerts the default burn-rate rules of {@code objective} fire on these minutes' events, in order; an alert
     * that resolves and fires again is listed again.
     */
    public static List<Firing> replay(SloObjective objective, List<EventCounts> perMinute) {
        List<AlertRule> rules = defaultBurnRules(objective);
        Duration longest = FleetReadings.longest(rules, RuleKind.BURN_RATE);
        Map<String, OpenAlert> open = new HashMap<>();
        List<Firing> firings = new ArrayList<>();
        List<EventCounts> halfHours = new ArrayList<>();
        for (int m = 0; m < perMinute.size(); m++) {
            EventCounts minute = perMinute.get(m);
            if (m % 30 == 0) {
                halfHours.add(EventCounts.NONE);
            }
            EventCounts half = halfHours.getLast();
            halfHours.set(
                    halfHours.size() - 1, new EventCounts(half.good() + minute.good(), half.total() + minute.total()));
            Instant now = START.plus(MINUTE.multipliedBy(m + 1L));
            RuleValues values = RuleValues.ofObjectives(
                    now,
                    Map.of(objective.kind(), objective),
                    minutes(objective, perMinute, m, (int) AlertRule.MINUTE_GRAIN_UP_TO.toMinutes()),
                    halfHours(objective, halfHours, (int) (longest.toMinutes() / 30) + 1));
            for (AlertRule stored : rules) {
                AlertRule rule = values.judged(stored);
                double value = Decision.valueOf(rule, values);
                OpenAlert alert = open.get(rule.name());
                Step step = Step.next(rule, value, Optional.ofNullable(alert), now);
                switch (step) {
                    case OPEN_FIRING, FIRE -> {
                        open.put(rule.name(), new OpenAlert(0, 0, AlertState.FIRING, now, now, value, false));
                        firings.add(new Firing(rule.name(), rule.severity(), m + 1));
                    }
                    case OPEN_PENDING ->
                        open.put(rule.name(), new OpenAlert(0, 0, AlertState.PENDING, now, null, value, false));
                    case DROP, RESOLVE -> open.remove(rule.name());
                    case NONE, UPDATE -> {}
                }
            }
        }
        return firings;
    }

    /** The default burn-rate rules of {@code objective}, as stored (before {@link AlertRule#reachableFor}). */
    public static List<AlertRule> defaultBurnRules(SloObjective objective) {
        return DefaultRules.forDeployment(1, 1, List.of(objective)).stream()
                .filter(rule -> rule.kind() == RuleKind.BURN_RATE)
                .toList();
    }

    /** The first minute (from 1) after which a page fired; empty when none did. */
    public static Optional<Integer> firstPage(SloObjective objective, List<EventCounts> perMinute) {
        return replay(objective, perMinute).stream()
                .filter(firing -> firing.severity() == Severity.PAGE)
                .map(Firing::minute)
                .findFirst();
    }

    /** The last {@code count} minute buckets up to minute {@code last}, as the evaluator's minute read holds them. */
    private static CountedBuckets minutes(SloObjective objective, List<EventCounts> perMinute, int last, int count) {
        int first = Math.max(0, last - count);
        List<Instant> buckets = new ArrayList<>();
        EventCounts[] counts = new EventCounts[last - first + 1];
        for (int i = first; i <= last; i++) {
            buckets.add(START.plus(MINUTE.multipliedBy(i)));
            counts[i - first] = perMinute.get(i);
        }
        return new CountedBuckets(buckets, Map.of(objective.kind(), counts), new double[counts.length]);
    }

    /** The last {@code count} half-hour buckets, the newest still filling. */
    private static CountedBuckets halfHours(SloObjective objective, List<EventCounts> halfHours, int count) {
        int first = Math.max(0, halfHours.size() - count);
        List<Instant> buckets = new ArrayList<>();
        EventCounts[] counts = new EventCounts[halfHours.size() - first];
        for (int i = first; i < halfHours.size(); i++) {
            buckets.add(START.plus(HALF_HOUR.multipliedBy(i)));
            counts[i - first] = halfHours.get(i);
        }
        return new CountedBuckets(buckets, Map.of(objective.kind(), counts), new double[counts.length]);
    }
}
