package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.DimensionValueStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Which values of the samples a fold counts count on their own ({@link DimensionValueStore#admit}), with the values
 * this instance has seen admitted kept in memory: a value admitted on a day stays admitted that day, so a turn whose
 * values were all admitted before reads nothing. An admission is remembered only once the transaction that read or
 * made it has committed.
 */
@Component
class AdmittedValues {

    /** Admissions remembered at most, a few MB; past it the memory starts over. */
    static final int MAX_REMEMBERED = 100_000;

    private final DimensionValueStore store;
    private final int maxRemembered;
    private final Set<Key> remembered = ConcurrentHashMap.newKeySet();

    @Autowired
    AdmittedValues(DimensionValueStore store) {
        this(store, MAX_REMEMBERED);
    }

    AdmittedValues(DimensionValueStore store, int maxRemembered) {
        this.store = store;
        this.maxRemembered = maxRemembered;
    }

    /** The {@code wanted} values that count on their own. Runs in the caller's transaction, which holds admissions. */
    Set<DimensionValueStore.DayValue> admit(
            long tenantId, long deploymentId, Collection<DimensionValueStore.DayValue> wanted) {
        Set<DimensionValueStore.DayValue> admitted = new HashSet<>();
        List<DimensionValueStore.DayValue> unknown = new ArrayList<>();
        for (DimensionValueStore.DayValue value : wanted) {
            (remembered.contains(new Key(deploymentId, value)) ? admitted : unknown).add(value);
        }
        if (!unknown.isEmpty()) {
            Set<DimensionValueStore.DayValue> read = store.admit(tenantId, deploymentId, unknown);
            admitted.addAll(read);
            AfterCommit.run(() -> remember(deploymentId, read));
        }
        return admitted;
    }

    private void remember(long deploymentId, Set<DimensionValueStore.DayValue> values) {
        if (remembered.size() + values.size() > maxRemembered) {
            remembered.clear();
        }
        values.forEach(value -> remembered.add(new Key(deploymentId, value)));
    }

    /** How many admissions are remembered now. */
    int rememberedCount() {
        return remembered.size();
    }

    private record Key(long deploymentId, DimensionValueStore.DayValue value) {}
}
