package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class KvCoverageTest {

    private static final Instant T = Instant.parse("2026-11-27T12:12:00Z");

    @Test
    void a_reading_covers_until_its_replicas_next_one_at_most_fifteen_seconds_and_the_latest_fifteen() {
        List<KvSample> batch = List.of(
                new KvSample(T.plusSeconds(58), "pod-0", 0.12),
                new KvSample(T.plusSeconds(60), "pod-0", 42),
                new KvSample(T.plusSeconds(65), "pod-0", 42),
                new KvSample(T.plusSeconds(100), "pod-0", 42),
                new KvSample(T.plusSeconds(61), "pod-1", 7));

        List<KvRollup> deltas = KvCoverage.deltas(batch, batch, Resolution.MINUTE);

        assertThat(deltas)
                .extracting(KvRollup::coveredSeconds, KvRollup::usageTimeSum)
                .containsExactlyInAnyOrder(
                        tuple(2.0, 0.24),
                        tuple(5.0, 210.0),
                        tuple(15.0, 630.0),
                        tuple(15.0, 630.0),
                        tuple(15.0, 105.0));
    }

    @Test
    void a_reading_arriving_between_two_stored_ones_shortens_the_cover_of_the_one_before_it() {
        KvSample earlier = new KvSample(T, "pod-0", 10);
        KvSample later = new KvSample(T.plusSeconds(30), "pod-0", 20);
        KvSample late = new KvSample(T.plusSeconds(5), "pod-0", 50);

        List<KvRollup> deltas = KvCoverage.deltas(List.of(late), List.of(earlier, late, later), Resolution.MINUTE);

        assertThat(deltas)
                .extracting(KvRollup::samples, KvRollup::coveredSeconds, KvRollup::usageTimeSum)
                .containsExactlyInAnyOrder(tuple(0L, -10.0, -100.0), tuple(0L, 15.0, 750.0));
    }
}
