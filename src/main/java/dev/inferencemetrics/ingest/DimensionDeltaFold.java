package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.DimensionRollupStore;
import dev.inferencemetrics.rollup.DimensionValueStore;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Counts the samples of the ingest batches that named a consumer, adapter or priority in the stored dimension rollups
 * ({@link DimensionFoldSchedule} runs it every second on every instance). Each batch waits as a row of {@code
 * dimension_batch}, and whichever fold deletes the row counts the batch, in the transaction that deletes it, so a batch
 * is counted exactly once however many instances fold at once.
 *
 * <p>A turn first counts the batches this instance's ingest committed since its last turn from memory ({@link
 * HeldDimensionBatches}): per deployment, it deletes their rows and, only if it deleted every one of them, rolls up
 * all their samples as one (each value, resolution and bucket written once however many batches fed it); a row
 * another fold took first is that fold's to count, and the held batches are dropped. A turn then takes the orphans,
 * batches left waiting longer than {@link #ORPHAN_AGE} (their instance stopped, held too many samples to keep them, or
 * failed to count them), many at a time, and reads their samples back. Deltas that ingest appended before batches were
 * kept this way are added alike.
 */
@Component
public class DimensionDeltaFold {

    private static final Logger log = LoggerFactory.getLogger(DimensionDeltaFold.class);

    /** Deltas a transaction takes: a few seconds of a busy deployment's batches. */
    static final int CHUNK = 20_000;

    /** Batches a transaction takes: a few seconds of a busy deployment's ingest, their samples held in memory. */
    static final int BATCHES = 64;

    /**
     * How long a batch waits before any fold reads it back: many turns of the instance that holds it, so that the
     * read-back takes only the batches no running instance will count from memory.
     */
    static final Duration ORPHAN_AGE = Duration.ofSeconds(15);

    private static final Comparator<DimensionBatchStore.WaitingBatch> DEPLOYMENT_ORDER = Comparator.comparingLong(
                    DimensionBatchStore.WaitingBatch::tenantId)
            .thenComparingLong(DimensionBatchStore.WaitingBatch::deploymentId);

    private static final Comparator<HeldDimensionBatch> HELD_DEPLOYMENT_ORDER =
            Comparator.comparingLong(HeldDimensionBatch::tenantId).thenComparingLong(HeldDimensionBatch::deploymentId);

    private final DimensionRollupStore rollups;
    private final DimensionBatchStore batches;
    private final HeldDimensionBatches heldBatches;
    private final AdmittedValues admittedValues;
    private final TenantTransactions transactions;

    DimensionDeltaFold(
            DimensionRollupStore rollups,
            DimensionBatchStore batches,
            HeldDimensionBatches heldBatches,
            AdmittedValues admittedValues,
            TenantTransactions transactions) {
        this.rollups = rollups;
        this.batches = batches;
        this.heldBatches = heldBatches;
        this.admittedValues = admittedValues;
        this.transactions = transactions;
    }

    /**
     * Folds every batch and delta waiting now (and any stored meanwhile), however young, returning how many it took:
     * this instance's held batches from memory, every other batch read back.
     */
    public int foldWaiting() {
        return countHeld() + foldDeltas() + foldBatches(batches::take);
    }

    /** A turn of the schedule: this instance's held batches, the deltas and the orphaned batches, how many it took. */
    int foldHeldAndOrphaned() {
        return countHeld() + foldDeltas() + foldBatches(limit -> batches.takeOrphans(limit, ORPHAN_AGE));
    }

    /**
     * Counts every waiting batch and delta of one deployment, after any fold that holds some of them has finished: from
     * then on, the stored rows hold all of the deployment's committed requests. Runs in the caller's transaction. The
     * batches are read back, held in memory or not: a held copy then finds its row gone and is dropped.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void foldDeployment(long tenantId, long deploymentId) {
        rollups.foldDeployment(tenantId, deploymentId);
        count(batches.takeDeployment(tenantId, deploymentId));
    }

    /**
     * Counts the batches held in memory, one transaction per deployment, and returns how many it counted. Those it
     * does not count (their rows taken by another fold, or the transaction failed) are dropped: a row still waiting
     * is read back once it is an orphan.
     */
    int countHeld() {
        int counted = 0;
        Map<HeldDimensionBatch, List<HeldDimensionBatch>> byDeployment = heldBatches.takeAll().stream()
                .collect(
                        Collectors.groupingBy(b -> b, () -> new TreeMap<>(HELD_DEPLOYMENT_ORDER), Collectors.toList()));
        for (var deployment : byDeployment.entrySet()) {
            long tenantId = deployment.getKey().tenantId();
            long deploymentId = deployment.getKey().deploymentId();
            List<HeldDimensionBatch> held = deployment.getValue();
            try {
                if (transactions.call(TenantScope.allTenants(), () -> countHeld(tenantId, deploymentId, held))) {
                    counted += held.size();
                }
            } catch (RuntimeException e) {
                log.warn(
                        "Counting {} held batches of deployment {} failed; they are read back once {} old: {}",
                        held.size(),
                        deploymentId,
                        ORPHAN_AGE,
                        e.toString());
            }
        }
        return counted;
    }

    /** Deletes the held batches' rows and counts their samples, if it deleted all of them; says whether it did. */
    private boolean countHeld(long tenantId, long deploymentId, List<HeldDimensionBatch> held) {
        if (!batches.takeHeld(
                tenantId, held.stream().map(HeldDimensionBatch::id).toList())) {
            return false;
        }
        List<RequestSample> samples = new ArrayList<>();
        List<RequestOutcome> outcomes = new ArrayList<>();
        for (HeldDimensionBatch batch : held) {
            samples.addAll(batch.samples());
            outcomes.addAll(batch.outcomes());
        }
        countSamples(tenantId, deploymentId, samples, outcomes);
        return true;
    }

    /** Folds every delta waiting, a chunk a transaction, returning how many it took. */
    private int foldDeltas() {
        int total = 0;
        int taken;
        do {
            taken = transactions.call(TenantScope.allTenants(), this::foldDeltaChunk);
            total += taken;
        } while (taken == CHUNK);
        return total;
    }

    /** Reads back the batches {@code take} takes, {@link #BATCHES} a transaction, returning how many it took. */
    private int foldBatches(IntFunction<List<DimensionBatchStore.WaitingBatch>> take) {
        int total = 0;
        int taken;
        do {
            taken = transactions.call(TenantScope.allTenants(), () -> {
                List<DimensionBatchStore.WaitingBatch> chunk = take.apply(BATCHES);
                count(chunk);
                return chunk.size();
            });
            total += taken;
        } while (taken == BATCHES);
        return total;
    }

    private int foldDeltaChunk() {
        DimensionRollupStore.TakenDeltas taken = rollups.takeDeltas(CHUNK);
        taken.byDeployment()
                .forEach(deployment ->
                        rollups.add(deployment.tenantId(), deployment.deploymentId(), deployment.deltas()));
        return taken.rows();
    }

    /** Adds the batches' samples to the rollups, deployment by deployment in one order, so two folds never deadlock. */
    private void count(List<DimensionBatchStore.WaitingBatch> taken) {
        taken.stream()
                .collect(Collectors.groupingBy(b -> b, () -> new TreeMap<>(DEPLOYMENT_ORDER), Collectors.toList()))
                .forEach((deployment, itsBatches) ->
                        countDeployment(deployment.tenantId(), deployment.deploymentId(), itsBatches));
    }

    /**
     * Rolls the batches' samples up as ingest would have: each judged with the goodput thresholds its batch counted
     * the deployment's rollups with, each value counted on its own while its day has room, else under "other".
     */
    private void countDeployment(long tenantId, long deploymentId, List<DimensionBatchStore.WaitingBatch> itsBatches) {
        Map<Long, GoodputSlo> goodput = new HashMap<>();
        itsBatches.forEach(batch -> goodput.put(batch.id(), batch.goodput()));
        List<RequestSample> samples = new ArrayList<>();
        List<RequestOutcome> outcomes = new ArrayList<>();
        batches.forEachSample(tenantId, deploymentId, itsBatches, (batch, sample) -> {
            samples.add(sample);
            outcomes.add(GoodputRule.outcome(
                    sample, Objects.requireNonNull(goodput.get(batch), "a sample read back is of a taken batch")));
        });
        countSamples(tenantId, deploymentId, samples, outcomes);
    }

    /**
     * Adds the samples of one deployment to its dimension rollups, {@code outcomes.get(i)} saying how {@code
     * samples.get(i)} counts for goodput: each value on its own while its day has room, else under "other".
     */
    private void countSamples(
            long tenantId, long deploymentId, List<RequestSample> samples, List<RequestOutcome> outcomes) {
        DimensionMinutes minutes = DimensionMinutes.of(samples, outcomes.toArray(RequestOutcome[]::new));
        if (minutes.isEmpty()) {
            return;
        }
        Set<DimensionValueStore.DayValue> named = minutes.dayValues();
        Set<DimensionValueStore.DayValue> refused = new HashSet<>(named);
        refused.removeAll(admittedValues.admit(tenantId, deploymentId, named));
        rollups.add(tenantId, deploymentId, minutes.rollups(refused));
    }
}
