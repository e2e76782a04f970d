package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BucketedPercentileTest {

    private static final double[] BOUNDS = {0.1, 0.15, 0.25, Double.POSITIVE_INFINITY};

    @Test
    void the_percentile_lies_in_the_bucket_that_holds_its_rank_interpolated_inside_it() {
        // 100 observations: 40 up to 100 ms, 40 in (100, 150] ms, 20 in (150, 250] ms
        BucketedPercentile p50 =
                BucketedPercentile.of(0.5, BOUNDS, new long[] {40, 40, 20, 0}).orElseThrow();

        assertThat(p50.lower()).isEqualTo(0.1);
        assertThat(p50.upper()).isEqualTo(0.15);
        assertThat(p50.estimate()).isCloseTo(0.1 + 0.05 * 10 / 40, within(1e-12));
    }

    @Test
    void a_rank_in_the_open_last_bucket_is_only_known_to_lie_above_its_lower_bound() {
        BucketedPercentile p99 =
                BucketedPercentile.of(0.99, BOUNDS, new long[] {50, 0, 0, 50}).orElseThrow();

        assertThat(p99).isEqualTo(new BucketedPercentile(0.25, 0.25, Double.POSITIVE_INFINITY));
        assertThat(ApproximateFormat.latency(p99.scaled(1000))).isEqualTo("above 250 ms");
    }

    @Test
    void empty_buckets_are_skipped_and_no_observations_give_no_percentile() {
        assertThat(BucketedPercentile.of(0.5, BOUNDS, new long[] {0, 0, 10, 0})
                        .orElseThrow()
                        .lower())
                .isEqualTo(0.15);
        assertThat(BucketedPercentile.of(0.5, BOUNDS, new long[] {0, 0, 0, 0})).isEmpty();
    }

    @Test
    void an_approximate_figure_is_written_with_its_bucket_bounds() {
        BucketedPercentile p50 = BucketedPercentile.of(0.5, BOUNDS, new long[] {40, 40, 20, 0})
                .orElseThrow()
                .scaled(1000);

        assertThat(ApproximateFormat.latency(p50)).isEqualTo("≈ 113 ms, between 100 ms and 150 ms");
    }
}
