package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class HeldDimensionBatchesTest {

    @Test
    void a_batch_that_would_pass_the_cap_is_not_held_and_the_cap_frees_once_the_held_are_taken() {
        HeldDimensionBatch small = batch(1, 2, null);
        HeldDimensionBatch gapped = batch(2, 1, new float[1_000]);
        MutableClock clock = new MutableClock(Instant.parse("2026-11-28T09:00:00Z"));
        HeldDimensionBatches held = new HeldDimensionBatches(
                HeldDimensionBatches.bytesOf(small) + HeldDimensionBatches.bytesOf(small), clock);
        assertThat(held.lastHeld()).isNull();

        assertThat(held.hold(small)).isTrue();
        clock.advance(Duration.ofMillis(30));
        assertThat(held.hold(gapped)).as("its token gaps pass the cap").isFalse();
        assertThat(held.hold(batch(3, 2, null))).isTrue();
        clock.advance(Duration.ofMillis(30));
        assertThat(held.hold(batch(4, 1, null))).isFalse();
        assertThat(held.ids()).containsExactly(1L, 3L);
        assertThat(held.lastHeld()).as("when the last batch held was").isEqualTo("2026-11-28T09:00:00.030Z");

        assertThat(held.takeAll()).extracting(HeldDimensionBatch::id).containsExactly(1L, 3L);
        assertThat(held.ids()).isEmpty();
        assertThat(held.lastHeld()).isNull();
        assertThat(held.hold(batch(4, 1, null))).isTrue();
    }

    private static HeldDimensionBatch batch(long id, int samples, float[] gaps) {
        RequestSample sample = new RequestSample(
                "r",
                Instant.EPOCH,
                SampleStatus.OK,
                100.0,
                900.0,
                null,
                gaps,
                10,
                20,
                null,
                null,
                "team-a",
                null,
                null);
        return new HeldDimensionBatch(
                1, 1, id, Collections.nCopies(samples, sample), Collections.nCopies(samples, RequestOutcome.GOOD));
    }
}
