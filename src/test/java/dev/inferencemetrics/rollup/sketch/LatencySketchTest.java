package dev.inferencemetrics.rollup.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.mapping.LogarithmicMapping;
import com.datadoghq.sketch.ddsketch.store.UnboundedSizeDenseStore;
import dev.inferencemetrics.testing.AccuracyContract;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LatencySketchTest {

    private static final double[] QUANTILES = {0, 0.01, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 1};

    static Stream<Arguments> distributions() {
        return Stream.of(
                Arguments.of("log-normal TTFT", (ToDoubleFunction<SplittableRandom>)
                        r -> Math.exp(Math.log(76) + 0.6 * gaussian(r))),
                Arguments.of("pareto tail", (ToDoubleFunction<SplittableRandom>)
                        r -> 20 / Math.pow(1 - r.nextDouble(), 1 / 1.2)),
                Arguments.of("bimodal cache hit/miss", (ToDoubleFunction<SplittableRandom>)
                        r -> r.nextDouble() < 0.7 ? 40 + 5 * gaussian(r) + 20 : 900 + 50 * gaussian(r)),
                Arguments.of("constant", (ToDoubleFunction<SplittableRandom>) r -> 18.0),
                Arguments.of("uniform with zeros", (ToDoubleFunction<SplittableRandom>)
                        r -> r.nextDouble() < 0.05 ? 0 : r.nextDouble(0.001, 60_000)),
                Arguments.of(
                        "sub-millisecond gaps", (ToDoubleFunction<SplittableRandom>) r -> 0.05 + r.nextDouble() * 0.5));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void every_quantile_meets_the_accuracy_contract(String name, ToDoubleFunction<SplittableRandom> distribution) {
        double[] values = sample(distribution, 200_000, 42);
        LatencySketch sketch = LatencySketch.empty();
        for (double value : values) {
            sketch.add(value);
        }

        assertContract(sketch, values, name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void merged_per_minute_sketches_meet_the_contract_for_the_whole_window(
            String name, ToDoubleFunction<SplittableRandom> distribution) {
        double[] values = sample(distribution, 120_000, 7);
        LatencySketch window = LatencySketch.empty();
        for (int minute = 0; minute < 60; minute++) {
            LatencySketch perMinute = LatencySketch.empty();
            for (int i = minute * 2_000; i < (minute + 1) * 2_000; i++) {
                perMinute.add(values[i]);
            }
            window.merge(LatencySketch.fromBytes(perMinute.toBytes()));
        }

        assertThat(window.count()).isEqualTo(values.length);
        assertContract(window, values, name + " merged");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void the_storage_form_round_trips_exactly(String name, ToDoubleFunction<SplittableRandom> distribution) {
        LatencySketch sketch = LatencySketch.empty();
        for (double value : sample(distribution, 5_000, 3)) {
            sketch.add(value);
        }

        LatencySketch decoded = LatencySketch.fromBytes(sketch.toBytes());

        assertThat(decoded.count()).isEqualTo(sketch.count());
        assertThat(decoded.percentiles()).isEqualTo(sketch.percentiles());
        assertThat(decoded.toBytes()).isEqualTo(sketch.toBytes());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void merging_stored_forms_gives_the_sketch_of_all_observations(
            String name, ToDoubleFunction<SplittableRandom> distribution) {
        double[] values = sample(distribution, 6_000, 13);
        LatencySketch direct = LatencySketch.empty();
        LatencySketch fromStored = LatencySketch.empty();
        for (int part = 0; part < 3; part++) {
            LatencySketch minute = LatencySketch.empty();
            for (int i = part * 2_000; i < (part + 1) * 2_000; i++) {
                minute.add(values[i]);
                direct.add(values[i]);
            }
            fromStored.mergeStored(minute.toBytes());
        }

        assertThat(fromStored.toBytes()).isEqualTo(direct.toBytes());
        assertThat(fromStored.percentiles()).isEqualTo(direct.percentiles());
    }

    @Test
    void weighted_observations_count_as_that_many_equal_values() {
        LatencySketch gaps = LatencySketch.empty();
        gaps.add(18.0, 619);
        gaps.add(400.0, 1);

        assertThat(gaps.count()).isEqualTo(620);
        assertThat(gaps.quantile(0.99).orElseThrow())
                .isCloseTo(18.0, org.assertj.core.data.Percentage.withPercentage(1));
        assertThat(gaps.quantile(1).orElseThrow()).isCloseTo(400.0, org.assertj.core.data.Percentage.withPercentage(1));
    }

    @Test
    void a_minute_of_realistic_ttft_takes_a_few_hundred_bytes() {
        LatencySketch minute = LatencySketch.empty();
        for (double value : sample(r -> Math.exp(Math.log(76) + 0.5 * gaussian(r)), 600, 11)) {
            minute.add(value);
        }

        assertThat(minute.toBytes().length).isLessThan(500);
    }

    @Test
    void an_empty_sketch_has_no_percentiles() {
        LatencySketch empty = LatencySketch.empty();

        assertThat(empty.percentiles()).isEmpty();
        assertThat(empty.quantile(0.5)).isEmpty();
        assertThat(LatencySketch.fromBytes(empty.toBytes()).isEmpty()).isTrue();
    }

    @Test
    void negative_and_non_finite_latencies_are_refused() {
        LatencySketch sketch = LatencySketch.empty();
        for (double bad : List.of(-1.0, Double.NaN, Double.POSITIVE_INFINITY)) {
            assertThatThrownBy(() -> sketch.add(bad)).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(sketch.isEmpty()).isTrue();
    }

    @Test
    void corrupt_storage_forms_are_refused() {
        byte[] valid = oneSketchBytes();

        assertThatThrownBy(() -> LatencySketch.fromBytes(new byte[] {9})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencySketch.fromBytes(Arrays.copyOf(valid, valid.length - 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencySketch.fromBytes(Arrays.copyOf(valid, valid.length + 1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void the_mean_is_within_the_relative_accuracy_of_the_true_mean_and_absent_when_empty() {
        double[] values = sample(random -> Math.exp(5 + gaussian(random)), 20_000, 11);
        LatencySketch sketch = LatencySketch.empty();
        Arrays.stream(values).forEach(sketch::add);
        sketch.add(0);
        double trueMean = (Arrays.stream(values).sum() + 0) / (values.length + 1);

        assertThat(sketch.mean().orElseThrow())
                .isCloseTo(
                        trueMean,
                        org.assertj.core.data.Percentage.withPercentage(100 * LatencySketch.RELATIVE_ACCURACY));
        assertThat(LatencySketch.empty().mean()).isEmpty();
    }

    @Test
    void every_bin_is_visited_at_the_mappings_value_inside_and_outside_the_precomputed_range() {
        LogarithmicMapping mapping = new LogarithmicMapping(LatencySketch.RELATIVE_ACCURACY);
        double[] values = {1e-7, 0.0005, 0.001, 0.05, 1, 76.3, 18_000, 3.6e9, 3.1536e10, 1e13};
        LatencySketch sketch = LatencySketch.empty();
        Arrays.stream(values).forEach(sketch::add);
        List<Double> visited = new ArrayList<>();
        sketch.forEachBin((value, count) -> visited.add(value));

        assertThat(visited)
                .containsExactly(Arrays.stream(values)
                        .map(value -> mapping.value(mapping.index(value)))
                        .boxed()
                        .toArray(Double[]::new));
        assertThat(sketch.fractionAtMost(mapping.value(mapping.index(76.3))).orElseThrow())
                .isEqualTo(0.6);
        assertThat(sketch.mean().orElseThrow())
                .isEqualTo(visited.stream().mapToDouble(Double::doubleValue).sum() / values.length);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void quantiles_and_counts_are_ddsketchs_own_after_adding_merging_and_decoding(
            String name, ToDoubleFunction<SplittableRandom> distribution) {
        DDSketch reference =
                new DDSketch(new LogarithmicMapping(LatencySketch.RELATIVE_ACCURACY), UnboundedSizeDenseStore::new);
        LatencySketch added = LatencySketch.empty();
        LatencySketch merged = LatencySketch.empty();
        LatencySketch decoded = LatencySketch.empty();
        SplittableRandom random = new SplittableRandom(name.hashCode());
        for (int minute = 0; minute < 5; minute++) {
            LatencySketch part = LatencySketch.empty();
            for (int i = 0; i < 200 + 37 * minute; i++) {
                // values DDSketch counts as zeros without being 0 (below its least indexable value) too
                double value = i % 50 == 0 ? Double.MIN_VALUE : distribution.applyAsDouble(random);
                reference.accept(value);
                added.add(value);
                part.add(value);
            }
            merged.merge(part);
            decoded.mergeStored(part.toBytes());
        }
        double[] quantiles = {0, 0.005, 0.01, 0.25, 0.5, 0.9, 0.95, 0.99, 0.999, 1};
        for (LatencySketch sketch : List.of(added, merged, decoded)) {
            assertThat(sketch.count()).isEqualTo(Math.round(reference.getCount()));
            for (double q : quantiles) {
                assertThat(sketch.quantile(q).orElseThrow())
                        .as("%s q=%s", name, q)
                        .isEqualTo(reference.getValueAtQuantile(q));
            }
            Percentiles percentiles = sketch.percentiles().orElseThrow();
            assertThat(new double[] {percentiles.p50(), percentiles.p90(), percentiles.p95(), percentiles.p99()})
                    .containsExactly(reference.getValuesAtQuantiles(new double[] {0.5, 0.9, 0.95, 0.99}));
            double zeros =
                    reference.getCount() - reference.getPositiveValueStore().getTotalCount();
            assertThat(sketch.fractionAtMost(0).orElseThrow()).isEqualTo(zeros / reference.getCount());
        }
    }

    private static byte[] oneSketchBytes() {
        LatencySketch sketch = LatencySketch.empty();
        sketch.add(10);
        sketch.add(250);
        return sketch.toBytes();
    }

    private static void assertContract(LatencySketch sketch, double[] values, String name) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        for (double q : QUANTILES) {
            AccuracyContract.assertQuantile(sorted, q, sketch.quantile(q).orElseThrow(), name);
        }
    }

    private static double[] sample(ToDoubleFunction<SplittableRandom> distribution, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = Math.max(0, distribution.applyAsDouble(random));
        }
        return values;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
