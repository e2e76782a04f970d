package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.Dimension;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The codes a batch's samples store for their values ({@link DimensionCodeStore}), with the codes this instance has
 * seen committed kept in memory: a batch whose values all have codes known here reads nothing. A code is remembered
 * only once the transaction that read or gave it has committed, so a code given by a batch rolled back is never used.
 */
@Component
class DimensionCodes {

    /** Codes remembered at most, some 10 MB; past it the memory starts over (a gateway sending ever-new values). */
    static final int MAX_REMEMBERED = 100_000;

    private final DimensionCodeStore store;
    private final int maxRemembered;
    private final Map<Key, Short> remembered = new ConcurrentHashMap<>();

    /** The dimensions of deployments that have given their last code, seen committed. */
    private final Set<Key> full = ConcurrentHashMap.newKeySet();

    @Autowired
    DimensionCodes(DimensionCodeStore store) {
        this(store, MAX_REMEMBERED);
    }

    DimensionCodes(DimensionCodeStore store, int maxRemembered) {
        this.store = store;
        this.maxRemembered = maxRemembered;
    }

    /**
     * The codes of the values the samples name, by dimension; a value without a code (past the deployment's last
     * one) is stored as text. Runs in the caller's transaction, which stores the samples.
     */
    Map<Dimension, Map<String, Short>> of(long tenantId, long deploymentId, List<RequestSample> samples) {
        Map<Dimension, Map<String, Short>> codes = new EnumMap<>(Dimension.class);
        List<Runnable> onCommit = new ArrayList<>();
        for (Dimension dimension : Dimension.values()) {
            Map<String, Short> known = new HashMap<>();
            Set<String> unknown = new LinkedHashSet<>();
            for (RequestSample sample : samples) {
                String value = sample.valueOf(dimension);
                if (value != null && !known.containsKey(value) && !unknown.contains(value)) {
                    Short code = remembered.get(new Key(deploymentId, dimension, value));
                    if (code != null) {
                        known.put(value, code);
                    } else {
                        unknown.add(value);
                    }
                }
            }
            Key dimensionKey = new Key(deploymentId, dimension, "");
            if (!unknown.isEmpty() && !full.contains(dimensionKey)) {
                Map<String, Short> read = store.codes(tenantId, deploymentId, dimension, unknown);
                known.putAll(read);
                boolean nowFull = read.size() < unknown.size();
                onCommit.add(() -> remember(deploymentId, dimension, read, nowFull));
            }
            codes.put(dimension, known);
        }
        if (!onCommit.isEmpty()) {
            AfterCommit.run(() -> onCommit.forEach(Runnable::run));
        }
        return codes;
    }

    private void remember(long deploymentId, Dimension dimension, Map<String, Short> codes, boolean nowFull) {
        if (remembered.size() + codes.size() > maxRemembered) {
            remembered.clear();
        }
        codes.forEach((value, code) -> remembered.put(new Key(deploymentId, dimension, value), code));
        if (nowFull) {
            full.add(new Key(deploymentId, dimension, ""));
        }
    }

    /** How many codes are remembered now. */
    int rememberedCount() {
        return remembered.size();
    }

    /** A value of a deployment's dimension; the empty value stands for the dimension itself. */
    private record Key(long deploymentId, Dimension dimension, String value) {}
}
