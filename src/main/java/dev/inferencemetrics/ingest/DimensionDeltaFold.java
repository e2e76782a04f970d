package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.DimensionRollupStore;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import org.springframework.stereotype.Component;

/**
 * Adds the dimension rollup deltas that ingest batches appended to the stored dimension rollups ({@link
 * DimensionFoldSchedule} runs it every second on every instance). It takes the waiting deltas a chunk at a time, each
 * chunk in a transaction of its own that deletes the deltas it adds, so a delta is added exactly once however many
 * instances fold at once, and readers (who count the stored rows and the waiting deltas together) see each request
 * once before, during and after.
 */
@Component
public class DimensionDeltaFold {

    /** Deltas a transaction takes: a few seconds of a busy deployment's batches. */
    static final int CHUNK = 20_000;

    private final DimensionRollupStore rollups;
    private final TenantTransactions transactions;

    DimensionDeltaFold(DimensionRollupStore rollups, TenantTransactions transactions) {
        this.rollups = rollups;
        this.transactions = transactions;
    }

    /** Folds every delta waiting now (and any appended meanwhile), returning how many it took. */
    public int foldWaiting() {
        int total = 0;
        int taken;
        do {
            taken = transactions.call(TenantScope.allTenants(), this::foldChunk);
            total += taken;
        } while (taken == CHUNK);
        return total;
    }

    private int foldChunk() {
        DimensionRollupStore.TakenDeltas taken = rollups.takeDeltas(CHUNK);
        taken.byDeployment()
                .forEach(deployment ->
                        rollups.add(deployment.tenantId(), deployment.deploymentId(), deployment.deltas()));
        return taken.rows();
    }
}
