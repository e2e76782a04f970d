package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.DimensionRollupStore;
import dev.inferencemetrics.rollup.DimensionValueStore;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Counts the samples of the ingest batches that named a consumer, adapter or priority in the stored dimension rollups
 * ({@link DimensionFoldSchedule} runs it every second on every instance). It takes the waiting batches many at a time,
 * reads their samples back, rolls them up as one (each value, resolution and bucket written once however many batches
 * fed it) and deletes the batches, all in one transaction, so a batch is counted exactly once however many instances
 * fold at once. Deltas that ingest appended before batches were kept this way are added alike.
 */
@Component
public class DimensionDeltaFold {

    /** Deltas a transaction takes: a few seconds of a busy deployment's batches. */
    static final int CHUNK = 20_000;

    /** Batches a transaction takes: a few seconds of a busy deployment's ingest, their samples held in memory. */
    static final int BATCHES = 64;

    private static final Comparator<DimensionBatchStore.WaitingBatch> DEPLOYMENT_ORDER = Comparator.comparingLong(
                    DimensionBatchStore.WaitingBatch::tenantId)
            .thenComparingLong(DimensionBatchStore.WaitingBatch::deploymentId);

    private final DimensionRollupStore rollups;
    private final DimensionBatchStore batches;
    private final DimensionValueStore dimensionValues;
    private final TenantTransactions transactions;

    DimensionDeltaFold(
            DimensionRollupStore rollups,
            DimensionBatchStore batches,
            DimensionValueStore dimensionValues,
            TenantTransactions transactions) {
        this.rollups = rollups;
        this.batches = batches;
        this.dimensionValues = dimensionValues;
        this.transactions = transactions;
    }

    /** Folds every batch and delta waiting now (and any stored meanwhile), returning how many it took. */
    public int foldWaiting() {
        int total = 0;
        int taken;
        do {
            taken = transactions.call(TenantScope.allTenants(), this::foldDeltas);
            total += taken;
        } while (taken == CHUNK);
        do {
            taken = transactions.call(TenantScope.allTenants(), this::foldBatches);
            total += taken;
        } while (taken == BATCHES);
        return total;
    }

    /**
     * Counts every waiting batch and delta of one deployment, after any fold that holds some of them has finished: from
     * then on, the stored rows hold all of the deployment's committed requests. Runs in the caller's transaction.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void foldDeployment(long tenantId, long deploymentId) {
        rollups.foldDeployment(tenantId, deploymentId);
        count(batches.takeDeployment(tenantId, deploymentId));
    }

    private int foldDeltas() {
        DimensionRollupStore.TakenDeltas taken = rollups.takeDeltas(CHUNK);
        taken.byDeployment()
                .forEach(deployment ->
                        rollups.add(deployment.tenantId(), deployment.deploymentId(), deployment.deltas()));
        return taken.rows();
    }

    private int foldBatches() {
        List<DimensionBatchStore.WaitingBatch> taken = batches.take(BATCHES);
        count(taken);
        return taken.size();
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
        Set<DimensionValueStore.DayValue> named = RollupDeltas.dayValues(samples);
        if (named.isEmpty()) {
            return;
        }
        Set<DimensionValueStore.DayValue> admitted = dimensionValues.admit(tenantId, deploymentId, named);
        rollups.add(
                tenantId,
                deploymentId,
                RollupDeltas.ofDimensions(samples, outcomes.toArray(RequestOutcome[]::new), admitted));
    }
}
