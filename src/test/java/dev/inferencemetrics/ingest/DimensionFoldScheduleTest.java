package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.inferencemetrics.testing.MutableClock;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Each turn of the fold is timed by its kind, for operators to see what the breakdowns cost and how far they lag. */
class DimensionFoldScheduleTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T09:00:00Z"));
    private final DimensionDeltaFold fold = mock(DimensionDeltaFold.class);
    private final HeldDimensionBatches held = new HeldDimensionBatches(clock);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final DimensionFoldSchedule schedule =
            new DimensionFoldSchedule(fold, held, Duration.ofSeconds(1), clock, meters);

    @Test
    void whole_turns_and_turns_for_the_held_batches_are_timed_apart_and_looks_that_find_none_not_at_all() {
        when(fold.foldHeldAndOrphaned()).thenAnswer(call -> {
            clock.advance(Duration.ofMillis(30));
            return 0;
        });
        schedule.foldWaiting();
        clock.advance(Duration.ofMillis(50));
        schedule.foldWaiting();
        held.hold(new HeldDimensionBatch(1, 2, 3, List.of(), List.of()));
        clock.advance(Duration.ofMillis(300));
        schedule.foldWaiting();

        verify(fold).foldHeldAndOrphaned();
        verify(fold).countHeld();
        assertThat(turns("whole").count()).isEqualTo(1);
        assertThat(turns("whole").totalTime(TimeUnit.MILLISECONDS))
                .as("the clock the turn took")
                .isEqualTo(30);
        assertThat(turns("held").count()).isEqualTo(1);
        assertThat(turns("none")).isNull();
    }

    @Test
    void a_turn_that_fails_is_timed_too() {
        when(fold.foldHeldAndOrphaned()).thenThrow(new IllegalStateException("the database went away"));

        schedule.foldWaiting();

        assertThat(turns("whole").count()).isEqualTo(1);
    }

    private @Nullable Timer turns(String turn) {
        return meters.find("inference.metrics.dimension.fold").tag("turn", turn).timer();
    }
}
