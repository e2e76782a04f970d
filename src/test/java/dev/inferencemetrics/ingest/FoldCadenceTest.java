package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.FoldCadence.Turn;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FoldCadenceTest {

    private static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");
    private final FoldCadence cadence = new FoldCadence(Duration.ofSeconds(1));

    @Test
    void the_first_turn_is_whole_and_the_next_whole_one_comes_a_second_after_it_ended() {
        assertThat(cadence.next(T0, null)).isEqualTo(Turn.WHOLE);
        cadence.ended(Turn.WHOLE, at(200));

        assertThat(cadence.next(at(1_100), null)).isEqualTo(Turn.NONE);
        assertThat(cadence.next(at(1_200), null)).isEqualTo(Turn.WHOLE);
    }

    @Test
    void under_steady_ingest_only_whole_turns_count_the_held_batches() {
        cadence.ended(Turn.WHOLE, T0);
        for (int ms = 50; ms < 1_000; ms += 50) {
            // a batch held every 40 ms: ingest never pauses for 100 ms
            assertThat(cadence.next(at(ms), at(ms - 10))).as("at %d ms", ms).isEqualTo(Turn.NONE);
        }
        assertThat(cadence.next(at(1_000), at(990))).isEqualTo(Turn.WHOLE);
    }

    @Test
    void once_ingest_pauses_the_held_batches_are_counted_without_waiting_for_the_whole_turn() {
        cadence.ended(Turn.WHOLE, T0);

        assertThat(cadence.next(at(350), at(300))).as("held 50 ms ago").isEqualTo(Turn.NONE);
        assertThat(cadence.next(at(400), at(300))).as("held 100 ms ago").isEqualTo(Turn.HELD);
        cadence.ended(Turn.HELD, at(420));

        assertThat(cadence.next(at(600), at(450)))
                .as("paused again, but only 180 ms after the last turn")
                .isEqualTo(Turn.NONE);
        assertThat(cadence.next(at(670), at(450))).isEqualTo(Turn.HELD);
        cadence.ended(Turn.HELD, at(680));

        assertThat(cadence.next(at(950), null)).as("nothing held").isEqualTo(Turn.NONE);
        assertThat(cadence.next(at(1_000), null))
                .as("a turn for the held batches leaves the whole turn's time as it was")
                .isEqualTo(Turn.WHOLE);
    }

    private static Instant at(long millis) {
        return T0.plusMillis(millis);
    }
}
