package dev.inferencemetrics.ingest;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The dimension batches this instance's ingest committed and its next fold counts from memory, so that the fold need
 * not read their samples back from {@code request_sample}. Holding is only a shortcut: a batch's row in {@code
 * dimension_batch} stays until some fold counts the batch and deletes it, and a batch this instance does not hold (one
 * past the cap, or of an instance that stopped) is read back once it is an orphan ({@link DimensionDeltaFold}).
 */
@Component
class HeldDimensionBatches {

    /**
     * Memory held at most, as {@link #bytesOf} reckons it: some 200,000 samples without token gaps, a few seconds of a
     * busy instance's ingest; a sample's token gaps count too, since a batch may carry thousands per sample.
     */
    static final long MAX_BYTES = 64L << 20;

    /** A sample's record, its strings and boxed numbers, roughly, besides its token gaps. */
    private static final int SAMPLE_BYTES = 320;

    private final long maxBytes;
    private final Clock clock;
    private List<HeldDimensionBatch> held = new ArrayList<>();
    private long heldBytes;
    private @Nullable Instant lastHeld;

    @Autowired
    HeldDimensionBatches(Clock clock) {
        this(MAX_BYTES, clock);
    }

    HeldDimensionBatches(long maxBytes, Clock clock) {
        this.maxBytes = maxBytes;
        this.clock = clock;
    }

    /** Holds the batch unless that would pass the cap; a batch not held waits in the database alone. */
    synchronized boolean hold(HeldDimensionBatch batch) {
        long bytes = bytesOf(batch);
        if (heldBytes + bytes > maxBytes) {
            return false;
        }
        held.add(batch);
        heldBytes += bytes;
        lastHeld = clock.instant();
        return true;
    }

    /** Every batch held, in the order they were held, for the caller to count; none are held afterwards. */
    synchronized List<HeldDimensionBatch> takeAll() {
        List<HeldDimensionBatch> taken = held;
        held = new ArrayList<>();
        heldBytes = 0;
        lastHeld = null;
        return taken;
    }

    /** When the last of the batches held now was held; null if none is. */
    synchronized @Nullable Instant lastHeld() {
        return lastHeld;
    }

    /** The ids of the batches held now. */
    synchronized List<Long> ids() {
        return held.stream().map(HeldDimensionBatch::id).toList();
    }

    static long bytesOf(HeldDimensionBatch batch) {
        long bytes = 0;
        for (RequestSample sample : batch.samples()) {
            float[] gaps = sample.itlGapsMs();
            bytes += SAMPLE_BYTES + (gaps == null ? 0 : 4L * gaps.length);
        }
        return bytes;
    }
}
