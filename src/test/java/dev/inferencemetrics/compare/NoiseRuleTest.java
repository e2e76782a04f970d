package dev.inferencemetrics.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NoiseRuleTest {

    @ParameterizedTest(name = "n={0}, median {1} ms vs {2} ms at q={3} → {4}")
    @CsvSource({
        // plenty of requests: a 10 % shift of the whole distribution is beyond the noise at every percentile
        "20000, 100, 110, 0.50, BEYOND_NOISE",
        "20000, 100, 110, 0.95, BEYOND_NOISE",
        "20000, 100, 110, 0.99, BEYOND_NOISE",
        // a shift below the sketch's ±1 % accuracy never counts, however many requests
        "20000, 100, 100.5, 0.50, WITHIN_NOISE",
        "20000, 100, 101.5, 0.99, WITHIN_NOISE",
        // few requests: the p99 of 30 requests is known too loosely for a 10 % shift to count
        "30, 100, 110, 0.99, WITHIN_NOISE",
        "30, 100, 110, 0.50, WITHIN_NOISE",
        // a doubling shows even on few requests
        "30, 100, 200, 0.50, BEYOND_NOISE",
        // the same distribution is within the noise
        "5000, 100, 100, 0.99, WITHIN_NOISE",
    })
    void a_percentile_difference_counts_only_when_the_rank_intervals_do_not_overlap(
            int n, double medianA, double medianB, double q, Verdict expected) {
        LatencySketch a = lognormal(n, medianA, 1);
        LatencySketch b = lognormal(n, medianB, 2);

        assertThat(NoiseRule.percentile(a, b, q)).isEqualTo(expected);
        assertThat(NoiseRule.percentile(b, a, q)).isEqualTo(expected);
    }

    @Test
    void the_rank_interval_holds_the_quantile_and_is_widened_by_the_sketch_accuracy() {
        LatencySketch sketch = LatencySketch.empty();
        for (int i = 1; i <= 1000; i++) {
            sketch.add(i);
        }

        QuantileBounds p50 = NoiseRule.bounds(sketch, 0.5).orElseThrow();

        // ranks 500 ± 1.96·√250 ≈ 469…531 hold values 470…532, read within 0.8 % and widened by 1 %
        assertThat(p50.low()).isBetween(470 * 0.98, 470 * 0.995);
        assertThat(p50.high()).isBetween(532 * 1.005, 532 * 1.02);
    }

    @Test
    void a_side_without_observations_has_no_verdict() {
        LatencySketch some = lognormal(100, 100, 3);

        assertThat(NoiseRule.percentile(LatencySketch.empty(), some, 0.99)).isEqualTo(Verdict.NO_DATA);
        assertThat(NoiseRule.bounds(LatencySketch.empty(), 0.5)).isEmpty();
    }

    @ParameterizedTest(name = "{0}/{1} vs {2}/{3} → {4}")
    @CsvSource({
        "10, 1000, 30, 1000, BEYOND_NOISE", // 1 % vs 3 %: z ≈ 3.6
        "10, 1000, 14, 1000, WITHIN_NOISE", // 1 % vs 1.4 %: z ≈ 0.8
        "0, 1000, 0, 1000, WITHIN_NOISE",
        "0, 50, 1, 50, WITHIN_NOISE",
        "100, 10000, 160, 10000, BEYOND_NOISE",
        "0, 0, 5, 100, NO_DATA",
    })
    void error_rates_differ_by_a_two_proportion_z_test(
            long failedA, long requestsA, long failedB, long requestsB, Verdict expected) {
        assertThat(NoiseRule.proportions(failedA, requestsA, failedB, requestsB))
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} in {1} s vs {2} in {3} s → {4}")
    @CsvSource({
        "3600, 3600, 3000, 3600, BEYOND_NOISE", // 1 req/s vs 0.83 req/s over an hour
        "100, 3600, 110, 3600, WITHIN_NOISE",
        "36000, 3600, 35700, 3600, WITHIN_NOISE", // 0.8 % apart at 10 req/s: z ≈ 1.1
        "36000, 3600, 35000, 3600, BEYOND_NOISE",
        "1000, 3600, 2000, 7200, WITHIN_NOISE", // the same rate over different lengths
        "0, 60, 0, 60, WITHIN_NOISE",
    })
    void request_rates_differ_by_a_poisson_rate_test(
            long countA, double secondsA, long countB, double secondsB, Verdict expected) {
        assertThat(NoiseRule.rates(countA, secondsA, countB, secondsB)).isEqualTo(expected);
    }

    @Test
    void a_rate_needs_a_positive_duration() {
        assertThatThrownBy(() -> NoiseRule.rates(1, 0, 1, 60)).isInstanceOf(IllegalArgumentException.class);
    }

    static LatencySketch lognormal(int n, double median, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        LatencySketch sketch = LatencySketch.empty();
        for (int i = 0; i < n; i++) {
            sketch.add(median * Math.exp(0.5 * gaussian(random)));
        }
        return sketch;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
