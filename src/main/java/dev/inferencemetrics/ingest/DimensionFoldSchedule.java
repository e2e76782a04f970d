package dev.inferencemetrics.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
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
 * ({@link FoldCadence}). Each turn is timed by its kind ({@code inference.metrics.dimension.fold}).
 */
@Component
@ConditionalOnBooleanProperty(name = "inference-metrics.dimension-fold.enabled", matchIfMissing = true)
class DimensionFoldSchedule {

    private static final Logger log = LoggerFactory.getLogger(DimensionFoldSchedule.class);

    private final DimensionDeltaFold fold;
    private final HeldDimensionBatches heldBatches;
    private final FoldCadence cadence;
    private final Clock clock;
    private final MeterRegistry meters;

    DimensionFoldSchedule(
            DimensionDeltaFold fold,
            HeldDimensionBatches heldBatches,
            @Value("${inference-metrics.dimension-fold.every:PT1S}") Duration every,
            Clock clock,
            MeterRegistry meters) {
        this.fold = fold;
        this.heldBatches = heldBatches;
        this.cadence = new FoldCadence(every);
        this.clock = clock;
        this.meters = meters;
    }

    /** Looks often whether a turn is due; most looks find none. */
    @Scheduled(initialDelayString = "PT5S", fixedDelayString = "PT0.05S")
    void foldWaiting() {
        FoldCadence.Turn turn = cadence.next(clock.instant(), heldBatches.lastHeld());
        if (turn == FoldCadence.Turn.NONE) {
            return;
        }
        Instant started = clock.instant();
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
            Instant ended = clock.instant();
            cadence.ended(turn, ended);
            turns(turn).record(Duration.between(started, ended));
        }
    }

    private Timer turns(FoldCadence.Turn turn) {
        return Timer.builder("inference.metrics.dimension.fold")
                .description("Time of the dimension fold's turns: whole (every second under steady ingest) or held"
                        + " (the held batches alone, once ingest pauses)")
                .tag("turn", turn.name().toLowerCase(Locale.ROOT))
                .publishPercentileHistogram()
                .register(meters);
    }
}
