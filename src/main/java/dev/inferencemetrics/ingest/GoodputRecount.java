package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.DeploymentGoodputs;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionBucket;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.DimensionValueStore;
import dev.inferencemetrics.rollup.GoodputTally;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollupRangeStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.RollupGoodputStore;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The steps of recounting a deployment's goodput after its SLO changed, each in a transaction of its own: the change,
 * which every later batch of samples counts with, and then one half hour of history at a time, newest first, each
 * moving {@code countedFrom} back to where the recount has reached.
 */
@Component
class GoodputRecount {

    /** One step recounts one half-hour rollup and its minutes, so a step holds its locks briefly. */
    static final Resolution STEP = Resolution.HALF_HOUR;

    private final DeploymentGoodputs goodputs;
    private final RawGoodputStore raw;
    private final RollupGoodputStore rollups;
    private final RequestRollupRangeStore requestRollups;
    private final DimensionDeltaFold dimensionFold;
    private final DimensionValueStore dimensionValues;

    GoodputRecount(
            DeploymentGoodputs goodputs,
            RawGoodputStore raw,
            RollupGoodputStore rollups,
            RequestRollupRangeStore requestRollups,
            DimensionDeltaFold dimensionFold,
            DimensionValueStore dimensionValues) {
        this.goodputs = goodputs;
        this.raw = raw;
        this.rollups = rollups;
        this.requestRollups = requestRollups;
        this.dimensionFold = dimensionFold;
        this.dimensionValues = dimensionValues;
    }

    /**
     * Sets the new thresholds once the batches counting with the old ones have committed; the rollups from {@code
     * countedFrom} on (past every sample ingest accepts) count with them.
     *
     */
    @Transactional
    public void change(DeploymentRef deployment, GoodputSlo slo, Instant countedFrom) {
        goodputs.lockForChange(deployment);
        goodputs.change(deployment, slo, countedFrom);
    }

    /**
     * The start of the half hour of the oldest raw sample kept, if any. Where older samples of that half hour are gone
     * (a deployment keeping rollups only), the recount judges those it has: its rollups' counted requests say so.
     */
    @Transactional(readOnly = true)
    public Optional<Instant> oldestStep(DeploymentRef deployment) {
        return raw.oldest(deployment).map(STEP::bucketOf);
    }

    /** A deployment with no raw samples and no rollups has all its figures counted with the thresholds now set. */
    @Transactional
    public void noHistory(DeploymentRef deployment) {
        if (requestRollups
                .latestBucket(deployment.tenantId(), deployment.id(), Resolution.HALF_HOUR)
                .isEmpty()) {
            goodputs.countedFrom(deployment, null);
        }
    }

    /**
     * Recounts the half hour that starts at {@code from} with the thresholds now set, the deployment's rollups and its
     * dimension rollups (each value as it was counted: on its own, or under "other" past its day's cap), and says it
     * is counted.
     */
    @Transactional
    public void step(DeploymentRef deployment, Instant from, GoodputSlo slo) {
        Instant to = from.plus(STEP.duration());
        Map<Resolution, List<Instant>> locked = new EnumMap<>(Resolution.class);
        for (Resolution resolution : Resolution.values()) {
            locked.put(resolution, rollups.lock(deployment.tenantId(), deployment.id(), resolution, from, to));
        }
        // batches of the range wait on those locks; the ones before are all in the stored rows once folded
        dimensionFold.foldDeployment(deployment.tenantId(), deployment.id());
        Map<Resolution, Map<Instant, GoodputTally>> tallies = new EnumMap<>(Resolution.class);
        Map<DimensionBucket, GoodputTally> named = new HashMap<>();
        raw.forEach(deployment, from, to, sample -> {
            RequestOutcome outcome = GoodputRule.outcome(sample, slo);
            for (Resolution resolution : Resolution.values()) {
                Instant bucket = resolution.bucketOf(sample.ts());
                tallies.computeIfAbsent(resolution, r -> new HashMap<>())
                        .computeIfAbsent(bucket, b -> new GoodputTally())
                        .add(outcome, sample.outputTokens());
                for (Dimension dimension : Dimension.values()) {
                    String value = sample.valueOf(dimension);
                    if (value != null) {
                        named.computeIfAbsent(
                                        new DimensionBucket(new DimensionValue(dimension, value), resolution, bucket),
                                        b -> new GoodputTally())
                                .add(outcome, sample.outputTokens());
                    }
                }
            }
        });
        locked.forEach((resolution, buckets) -> rollups.replace(
                deployment.tenantId(),
                deployment.id(),
                resolution,
                buckets,
                tallies.getOrDefault(resolution, Map.of())));
        rollups.replaceDimensions(deployment.tenantId(), deployment.id(), from, to, asCounted(deployment, named));
        goodputs.countedFrom(deployment, from);
    }

    /** The tallies by value as the rollups count them: a value not admitted on its day under "other". */
    private Map<DimensionBucket, GoodputTally> asCounted(
            DeploymentRef deployment, Map<DimensionBucket, GoodputTally> byNamedValue) {
        Set<DimensionValueStore.DayValue> admitted = dimensionValues.known(
                deployment.tenantId(),
                deployment.id(),
                byNamedValue.keySet().stream().map(GoodputRecount::dayValue).collect(Collectors.toSet()));
        Map<DimensionBucket, GoodputTally> counted = new HashMap<>();
        byNamedValue.forEach((named, tally) -> {
            DimensionBucket key = admitted.contains(dayValue(named))
                    ? named
                    : new DimensionBucket(
                            DimensionValue.other(named.value().dimension()), named.resolution(), named.bucket());
            counted.computeIfAbsent(key, k -> new GoodputTally()).merge(tally);
        });
        return counted;
    }

    private static DimensionValueStore.DayValue dayValue(DimensionBucket bucket) {
        return new DimensionValueStore.DayValue(
                bucket.value().dimension(),
                LocalDate.ofInstant(bucket.bucket(), ZoneOffset.UTC),
                bucket.value().value());
    }
}
