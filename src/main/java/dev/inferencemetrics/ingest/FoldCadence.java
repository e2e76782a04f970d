package dev.inferencemetrics.ingest;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * When the dimension fold takes a turn. A whole turn (the held batches, the orphans and the deltas) comes {@code every}
 * after the last whole turn ended. Between those, the held batches alone are counted once ingest has paused: when
 * no batch has been held for {@link #QUIET}, so that a breakdown shows a burst of traffic a moment after its last
 * batch, not up to a second later. Under steady ingest a batch arrives more often than that, and the fold keeps to
 * its whole turns, each writing a value's minute and half hour once for all the batches since the last; and such
 * turns are at least {@link #GAP} apart, so that batches just too far apart for that do not have their rows rewritten
 * for each of them.
 */
final class FoldCadence {

    /** How long ingest holds no new batch before the fold counts those held without waiting for its whole turn. */
    static final Duration QUIET = Duration.ofMillis(100);

    /** The least time between one turn's end and a turn for the held batches alone. */
    static final Duration GAP = Duration.ofMillis(250);

    /** What a turn does. */
    enum Turn {
        /** Nothing now. */
        NONE,
        /** Counts the batches held, as ingest has paused. */
        HELD,
        /** The held batches, the orphans and the deltas. */
        WHOLE
    }

    private final Duration every;
    private @Nullable Instant lastWholeEnded;
    private @Nullable Instant lastEnded;

    FoldCadence(Duration every) {
        this.every = every;
    }

    /** What to do at {@code now}, with the last batch held at {@code lastHeld} (null if none is held). */
    Turn next(Instant now, @Nullable Instant lastHeld) {
        if (lastWholeEnded == null || !now.isBefore(lastWholeEnded.plus(every))) {
            return Turn.WHOLE;
        }
        boolean paused = lastHeld != null && !now.isBefore(lastHeld.plus(QUIET));
        boolean spaced = lastEnded == null || !now.isBefore(lastEnded.plus(GAP));
        return paused && spaced ? Turn.HELD : Turn.NONE;
    }

    /** Records that a turn of this kind ended at {@code now}. */
    void ended(Turn turn, Instant now) {
        if (turn == Turn.NONE) {
            return;
        }
        lastEnded = now;
        if (turn == Turn.WHOLE) {
            lastWholeEnded = now;
        }
    }
}
