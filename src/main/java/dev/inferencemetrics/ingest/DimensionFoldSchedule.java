package dev.inferencemetrics.ingest;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Counts the ingest batches this instance holds, the orphaned ones and any older deltas in the dimension rollups a
 * second after the last turn ended ({@link DimensionDeltaFold#foldHeldAndOrphaned}), on every instance, unless {@code
 * inference-metrics.dimension-fold.enabled=false}.
 */
@Component
@ConditionalOnBooleanProperty(name = "inference-metrics.dimension-fold.enabled", matchIfMissing = true)
class DimensionFoldSchedule {

    private static final Logger log = LoggerFactory.getLogger(DimensionFoldSchedule.class);

    private final DimensionDeltaFold fold;

    DimensionFoldSchedule(DimensionDeltaFold fold) {
        this.fold = fold;
    }

    @Scheduled(initialDelayString = "PT5S", fixedDelayString = "${inference-metrics.dimension-fold.every:PT1S}")
    void foldWaiting() {
        try {
            fold.foldHeldAndOrphaned();
        } catch (RuntimeException e) {
            // the batches stay waiting, their samples kept, and a later turn reads them back
            log.warn("Folding the dimension rollups failed; the next turn tries again: {}", e.toString());
        }
    }
}
