package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionRollup;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.DimensionValueStore;
import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class DimensionMinutesTest {

    private static final Instant START = Instant.parse("2026-11-28T09:50:00Z");

    /** The half hour the samples fill. */
    private static final Instant TEN = Instant.parse("2026-11-28T10:00:00Z");

    @Test
    void each_values_rollups_are_those_of_its_samples_added_one_by_one_at_both_resolutions() {
        SplittableRandom random = new SplittableRandom(31);
        List<RequestSample> samples = new ArrayList<>();
        List<RequestOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            samples.add(sample(random, i));
            outcomes.add(RequestOutcome.values()[random.nextInt(RequestOutcome.values().length)]);
        }

        Collection<DimensionRollup> rollups = DimensionMinutes.of(samples, outcomes.toArray(RequestOutcome[]::new))
                .rollups(Set.of());

        Map<Key, RequestRollup> byKey = rollups.stream().collect(Collectors.toMap(Key::of, DimensionRollup::rollup));
        int expectedKeys = 0;
        for (Dimension dimension : Dimension.values()) {
            for (String value : samples.stream()
                    .map(s -> s.valueOf(dimension))
                    .filter(v -> v != null)
                    .distinct()
                    .toList()) {
                List<Integer> its = new ArrayList<>();
                for (int i = 0; i < samples.size(); i++) {
                    if (value.equals(samples.get(i).valueOf(dimension))) {
                        its.add(i);
                    }
                }
                for (Resolution resolution : Resolution.values()) {
                    Collection<RequestRollup> expected = RollupDeltas.ofRequests(
                            its.stream().map(samples::get).toList(),
                            its.stream().map(outcomes::get).toArray(RequestOutcome[]::new),
                            resolution);
                    for (RequestRollup one : expected) {
                        RequestRollup actual =
                                byKey.get(new Key(new DimensionValue(dimension, value), resolution, one.bucket()));
                        assertThat(actual)
                                .as("%s %s %s %s", dimension, value, resolution, one.bucket())
                                .isNotNull();
                        assertThat(figures(actual)).isEqualTo(figures(one));
                        expectedKeys++;
                    }
                }
            }
        }
        assertThat(byKey).hasSize(expectedKeys);
    }

    @Test
    void values_refused_on_their_day_count_as_other_together_and_the_others_on_their_own() {
        SplittableRandom random = new SplittableRandom(37);
        List<RequestSample> samples = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            samples.add(sample(random, i));
        }
        RequestOutcome[] outcomes = new RequestOutcome[samples.size()];
        Arrays.fill(outcomes, RequestOutcome.GOOD);
        LocalDate day = LocalDate.ofInstant(START, ZoneOffset.UTC);
        Set<DimensionValueStore.DayValue> refused = Set.of(
                new DimensionValueStore.DayValue(Dimension.CONSUMER, day, "team-5"),
                new DimensionValueStore.DayValue(Dimension.CONSUMER, day, "team-6"));

        DimensionMinutes minutes = DimensionMinutes.of(samples, outcomes);
        assertThat(minutes.dayValues())
                .contains(refused.toArray(DimensionValueStore.DayValue[]::new))
                .extracting(DimensionValueStore.DayValue::day)
                .containsOnly(day);
        Map<Key, RequestRollup> byKey =
                minutes.rollups(refused).stream().collect(Collectors.toMap(Key::of, DimensionRollup::rollup));

        List<RequestSample> ofRefused = samples.stream()
                .filter(s -> "team-5".equals(s.consumer()) || "team-6".equals(s.consumer()))
                .toList();
        RequestRollup other = RollupDeltas.ofRequests(
                        ofRefused,
                        ofRefused.stream().map(s -> RequestOutcome.GOOD).toArray(RequestOutcome[]::new),
                        Resolution.HALF_HOUR)
                .stream()
                .filter(r -> r.bucket().equals(TEN))
                .findFirst()
                .orElseThrow();
        assertThat(figures(byKey.get(new Key(DimensionValue.other(Dimension.CONSUMER), Resolution.HALF_HOUR, TEN))))
                .isEqualTo(figures(other));
        assertThat(byKey.keySet())
                .extracting(k -> k.value().value())
                .doesNotContain("team-5", "team-6")
                .contains("team-4", "lora-1", "batch");
    }

    /** Spread over three half hours, most with a consumer, some with an adapter or a priority, a few failed. */
    private static RequestSample sample(SplittableRandom random, int i) {
        SampleStatus status = random.nextInt(10) == 0 ? SampleStatus.ERROR : SampleStatus.OK;
        return new RequestSample(
                "r" + i,
                START.plus(Duration.ofSeconds(random.nextInt(3_600))),
                status,
                status == SampleStatus.OK ? 50 + random.nextDouble(2_000) : null,
                status == SampleStatus.OK ? 500 + random.nextDouble(20_000) : null,
                status == SampleStatus.OK ? 5 + random.nextDouble(80) : null,
                null,
                random.nextInt(4_000),
                random.nextInt(1_000),
                random.nextInt(3) == 0 ? random.nextDouble(300) : null,
                null,
                random.nextInt(8) == 0 ? null : "team-" + random.nextInt(7),
                random.nextInt(3) == 0 ? "lora-" + random.nextInt(3) : null,
                random.nextInt(4) == 0 ? "batch" : null);
    }

    /** Every count and the storage form of every sketch. */
    private static List<Object> figures(RequestRollup rollup) {
        List<Object> figures = new ArrayList<>(List.of(
                rollup.requests(),
                rollup.okRequests(),
                rollup.inputTokens(),
                rollup.outputTokens(),
                rollup.goodput().counted(),
                rollup.goodput().countedOutputTokens(),
                rollup.goodput().good(),
                rollup.goodput().goodOutputTokens(),
                rollup.goodput().incomplete(),
                rollup.goodput().ttftBreaches(),
                rollup.goodput().itlBreaches(),
                rollup.goodput().e2eBreaches()));
        for (FailedStatus status : FailedStatus.values()) {
            figures.add(rollup.failures(status));
        }
        for (Function<RequestRollup, LatencySketch> sketch : List.<Function<RequestRollup, LatencySketch>>of(
                RequestRollup::ttft,
                RequestRollup::itl,
                RequestRollup::e2e,
                RequestRollup::queue,
                RequestRollup::inputTokenSketch,
                RequestRollup::outputTokenSketch)) {
            figures.add(List.of(
                    sketch.apply(rollup).count(),
                    HexFormat.of().formatHex(sketch.apply(rollup).toBytes())));
        }
        return figures;
    }

    private record Key(DimensionValue value, Resolution resolution, Instant bucket) {
        static Key of(DimensionRollup rollup) {
            return new Key(rollup.value(), rollup.resolution(), rollup.rollup().bucket());
        }
    }
}
