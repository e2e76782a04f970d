package dev.inferencemetrics.alert;

import dev.inferencemetrics.capacity.ConcurrencySource;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.slo.ConsumerBreach;
import dev.inferencemetrics.slo.CountedBuckets;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The values a deployment's rules compare with their thresholds at one instant, from counts read once: windows of
 * an hour or less from the minute buckets, longer ones from the half-hour buckets; KV-cache and waiting gauges from
 * their minute rollups.
 */
record RuleValues(
        Instant now,
        Map<SloKind, SloObjective> objectives,
        CountedBuckets minutes,
        CountedBuckets halfHours,
        List<KvRollup> kv,
        List<EngineGaugeRollup> waiting,
        List<EngineGaugeRollup> running,
        ScalingPoint scalingPoint,
        List<ConsumerBreach> consumers) {

    /** How many consumers an alert's reason names; the rest are counted. */
    static final int NAMED_CONSUMERS = 5;

    /** Values without consumer readings: no consumer is outside the TTFT objective. */
    RuleValues(
            Instant now,
            Map<SloKind, SloObjective> objectives,
            CountedBuckets minutes,
            CountedBuckets halfHours,
            List<KvRollup> kv,
            List<EngineGaugeRollup> waiting,
            List<EngineGaugeRollup> running,
            ScalingPoint scalingPoint) {
        this(now, objectives, minutes, halfHours, kv, waiting, running, scalingPoint, List.of());
    }

    /** Values of burn-rate rules only: no gauge, no scaling point. */
    static RuleValues ofObjectives(
            Instant now, Map<SloKind, SloObjective> objectives, CountedBuckets minutes, CountedBuckets halfHours) {
        return new RuleValues(
                now, objectives, minutes, halfHours, List.of(), List.of(), List.of(), ScalingPoint.notYetRead(now));
    }

    /**
     * The rule's value now; empty when the rule has nothing to watch (its objective is off, or — concurrency — no
     * knee was found).
     */
    OptionalDouble of(AlertRule rule) {
        return switch (rule.kind()) {
            case BURN_RATE -> burnRate(rule);
            case KV_MEAN -> OptionalDouble.of(kvMean(rule.longWindow()));
            case WAITING_MEAN -> OptionalDouble.of(waitingMean(rule.longWindow()));
            case CONCURRENCY_MEAN -> concurrencyShare(rule.longWindow());
            case CONSUMER_TTFT -> busiestConsumerOutside(rule);
        };
    }

    /**
     * Why the rule's value is what it is, for its alert: the consumers outside the TTFT objective with at least the
     * rule's clear level of requests, worst first; null for other rules and while none is.
     */
    @Nullable
    String reason(AlertRule rule) {
        if (rule.kind() != RuleKind.CONSUMER_TTFT
                || busiestConsumerOutside(rule).orElse(0) == 0) {
            return null;
        }
        List<ConsumerBreach> counted = outside(rule);
        String named = counted.stream()
                .limit(NAMED_CONSUMERS)
                .map(breach -> "%s (%d requests, %s within the TTFT objective)"
                        .formatted(breach.consumer(), breach.requests(), MetricFormat.percent(breach.compliancePct())))
                .collect(Collectors.joining(", "));
        int more = counted.size() - NAMED_CONSUMERS;
        return "Outside the TTFT objective: " + named + (more > 0 ? " and " + more + " more" : "");
    }

    /** The requests of the busiest consumer outside the objective with at least the rule's clear level of them. */
    private OptionalDouble busiestConsumerOutside(AlertRule rule) {
        SloObjective ttft = objectives.get(SloKind.TTFT);
        if (ttft == null || !ttft.enabled()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(
                outside(rule).stream().mapToLong(ConsumerBreach::requests).max().orElse(0));
    }

    private List<ConsumerBreach> outside(AlertRule rule) {
        return consumers.stream()
                .filter(breach -> breach.requests() >= rule.clearBelow())
                .toList();
    }

    /** The rule as its value is judged: a burn-rate rule's threshold is one its objective can reach. */
    AlertRule judged(AlertRule rule) {
        if (rule.kind() != RuleKind.BURN_RATE) {
            return rule;
        }
        SloObjective objective = objectives.get(Objects.requireNonNull(rule.objective()));
        return objective == null ? rule : rule.reachableFor(objective);
    }

    /**
     * The mean requests in flight over the window as a percentage of the scaling point, in the knee's units: the
     * running gauge's mean reading where the knee was found from it, else Little's law over the minute buckets.
     */
    private OptionalDouble concurrencyShare(Duration window) {
        OptionalDouble scaleAt = scalingPoint.scaleAt();
        if (scaleAt.isEmpty() || !(scaleAt.getAsDouble() > 0)) {
            return OptionalDouble.empty();
        }
        double inFlight = scalingPoint.source() == ConcurrencySource.RUNNING_GAUGE
                ? mean(window, running, EngineGaugeRollup::bucket, EngineGaugeRollup::samples, EngineGaugeRollup::sum)
                : minutes.meanInFlight(now.minus(window), now);
        return OptionalDouble.of(100 * inFlight / scaleAt.getAsDouble());
    }

    private OptionalDouble burnRate(AlertRule rule) {
        SloObjective objective = objectives.get(Objects.requireNonNull(rule.objective()));
        if (objective == null || !objective.enabled()) {
            return OptionalDouble.empty();
        }
        double longBurn = objective.burnRate(counts(objective.kind(), rule.longWindow()));
        double shortBurn = objective.burnRate(counts(objective.kind(), Objects.requireNonNull(rule.shortWindow())));
        return OptionalDouble.of(Math.min(longBurn, shortBurn));
    }

    private dev.inferencemetrics.slo.EventCounts counts(SloKind kind, Duration window) {
        CountedBuckets buckets = window.compareTo(AlertRule.MINUTE_GRAIN_UP_TO) <= 0 ? minutes : halfHours;
        return buckets.within(kind, now.minus(window), now.plusSeconds(1));
    }

    /** The mean reading per replica in the window; 0 without readings, so a deployment no longer scraped resolves. */
    private double waitingMean(Duration window) {
        return mean(window, waiting, EngineGaugeRollup::bucket, EngineGaugeRollup::samples, EngineGaugeRollup::sum);
    }

    /**
     * The mean use in the window, each reading weighed by the time it covers as on every page; 0 without readings,
     * so a silent deployment's alert resolves.
     */
    private double kvMean(Duration window) {
        Instant from = now.minus(window);
        return kv.stream()
                .filter(rollup -> !rollup.bucket().isBefore(from))
                .reduce(KvRollup::plus)
                .map(KvRollup::usageAvg)
                .orElse(0.0);
    }

    private <T> double mean(
            Duration window,
            List<T> rollups,
            Function<T, Instant> bucket,
            ToLongFunction<T> samplesOf,
            ToDoubleFunction<T> sumOf) {
        Instant from = now.minus(window);
        long samples = 0;
        double sum = 0;
        for (T rollup : rollups) {
            if (!bucket.apply(rollup).isBefore(from)) {
                samples += samplesOf.applyAsLong(rollup);
                sum += sumOf.applyAsDouble(rollup);
            }
        }
        return samples == 0 ? 0 : sum / samples;
    }
}
