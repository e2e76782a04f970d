package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HeatmapBucketingTest {

    private static final Instant FROM = Instant.parse("2026-11-22T10:00:00Z");
    private static final QueryWindow WINDOW = QueryWindow.of(FROM, FROM.plus(Duration.ofMinutes(3)), null);

    @Test
    void a_bimodal_interval_shows_two_bands_with_empty_buckets_between_them() {
        LatencySketch bimodal = LatencySketch.empty();
        Random random = new Random(17);
        for (int i = 0; i < 500; i++) {
            bimodal.add(80 + random.nextGaussian() * 4);
            bimodal.add(2_000 + random.nextGaussian() * 100);
        }

        Heatmap heatmap = heatmap(List.of(bimodal, LatencySketch.empty(), LatencySketch.empty()));

        List<Long> counts = heatmap.columns().getFirst().counts();
        List<Integer> bands = bands(counts);
        assertThat(bands).hasSize(2);
        assertThat(counts.stream().mapToLong(Long::longValue).sum()).isEqualTo(1_000);
        assertThat(heatmap.bounds().get(bands.get(0))).isLessThan(90.0);
        assertThat(heatmap.bounds().get(bands.get(1) + 1)).isGreaterThan(1_500.0);
    }

    @Test
    void every_column_shares_the_bounds_and_counts_its_own_observations_with_p50_and_p99() {
        LatencySketch fast = sketchOf(100, 200, 400);
        LatencySketch slow = sketchOf(1_000, 1_000);

        Heatmap heatmap = heatmap(List.of(fast, LatencySketch.empty(), slow));

        assertThat(heatmap.bounds()).hasSize(HeatmapBucketing.BUCKETS + 1);
        assertThat(heatmap.bounds().getFirst()).isLessThan(100.0);
        assertThat(heatmap.bounds().getLast()).isGreaterThan(1_000.0);
        assertThat(heatmap.columns()).extracting(Heatmap.Column::count).containsExactly(3L, 0L, 2L);
        assertThat(heatmap.columns().get(1).counts()).containsOnly(0L);
        assertThat(heatmap.columns().get(0).p50()).isCloseTo(200.0, withPercentage(1));
        assertThat(heatmap.columns().get(1).p99()).isNull();
        assertThat(heatmap.maxCount()).isEqualTo(2);
        assertThat(heatmap.columns().get(2).t()).isEqualTo(FROM.plusSeconds(120));
    }

    @Test
    void an_empty_window_has_no_bounds_and_empty_columns() {
        Heatmap heatmap = heatmap(List.of(LatencySketch.empty(), LatencySketch.empty(), LatencySketch.empty()));

        assertThat(heatmap.isEmpty()).isTrue();
        assertThat(heatmap.columns()).hasSize(3).allSatisfy(column -> assertThat(column.counts())
                .isEmpty());
    }

    @Test
    void zeros_and_a_constant_value_still_spread_over_a_range_at_least_twice_as_wide() {
        LatencySketch sketch = sketchOf(0, 0, 50, 50);

        Heatmap heatmap = heatmap(List.of(sketch, LatencySketch.empty(), LatencySketch.empty()));

        assertThat(heatmap.bounds().getLast() / heatmap.bounds().getFirst()).isGreaterThanOrEqualTo(2.0);
        assertThat(heatmap.columns().getFirst().counts().getFirst()).isEqualTo(2);
    }

    private static Heatmap heatmap(List<LatencySketch> sketches) {
        List<Instant> starts = new ArrayList<>();
        for (int i = 0; i < sketches.size(); i++) {
            starts.add(WINDOW.intervalStart(i));
        }
        return HeatmapBucketing.of("x", HeatmapMetric.TTFT, WINDOW, starts, sketches);
    }

    private static LatencySketch sketchOf(double... values) {
        LatencySketch sketch = LatencySketch.empty();
        for (double value : values) {
            sketch.add(value);
        }
        return sketch;
    }

    /** The first bucket of each run of non-empty buckets. */
    private static List<Integer> bands(List<Long> counts) {
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < counts.size(); i++) {
            if (counts.get(i) > 0 && (i == 0 || counts.get(i - 1) == 0)) {
                starts.add(i);
            }
        }
        return starts;
    }
}
