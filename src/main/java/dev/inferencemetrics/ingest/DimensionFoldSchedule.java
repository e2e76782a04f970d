package dev.inferencemetrics.ingest;

import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Counts the ingest batches this instance holds, the orphaned ones and any older deltas in the dimension rollups a
 * second after the last turn ended ({@link DimensionDeltaFold#foldHeldAndOrphaned}), on every instance, unless {@code
 * inference-metrics.dimension-fold.enabled=false}; and in between, the held batches alone once ingest has paused
 * ({@link FoldCadence}).
 */
@Component
@ConditionalOnBooleanProperty(name = "inference-metrics.dimension-fold.enabled", matchIfMissing = true)
class DimensionFoldSchedule {

    private static final Logger log = LoggerFactory.getLogger(DimensionFoldSchedule.class);

    private final DimensionDeltaFold fold;
    private final HeldDimensionBatches heldBatches;
    private final FoldCadence cadence;
    private final Clock clock;

    DimensionFoldSchedule(
            DimensionDeltaFold fold,
            HeldDimensionBatches heldBatches,
            @Value("${inference-metrics.dimension-fold.every:PT1S}") Duration every,
            Clock clock) {
        this.fold = fold;
        this.heldBatches = heldBatches;
        this.cadence = new FoldCadence(every);
        this.clock = clock;
    }

    /** Looks often whether a turn is due; most looks find none. */
    @Scheduled(initialDelayString = "PT5S", fixedDelayString = "PT0.05S")
    void foldWaiting() {
        FoldCadence.Turn turn = cadence.next(clock.instant(), heldBatches.lastHeld());
        try {
            switch (turn) {
                case WHOLE -> fold.foldHeldAndOrphaned();
                case HELD -> fold.countHeld();
                case NONE -> {}
            }
        } catch (RuntimeException e) {
            // the batches stay waiting, their samples kept, and a later turn reads them back
            log.warn("Folding the dimension rollups failed; the next turn tries again: {}", e.toString());
        } finally {
            cadence.ended(turn, clock.instant());
        }
    }
}
