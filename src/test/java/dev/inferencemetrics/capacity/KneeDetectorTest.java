package dev.inferencemetrics.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.capacity.KneeFinding.Cause;
import dev.inferencemetrics.capacity.KneeFinding.Knee;
import dev.inferencemetrics.capacity.KneeFinding.NoKnee;
import dev.inferencemetrics.capacity.KneeFinding.Refusal;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.List;
import java.util.stream.IntStream;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class KneeDetectorTest {

    private static final int SLOTS = 32;
    private static final SlotSimulation SERVER = new SlotSimulation(SLOTS, 60, 2_000);

    @Test
    void a_load_sweep_across_a_server_with_32_slots_finds_its_knee_within_ten_percent() {
        List<LoadInterval> sweep = sweep(4, 64);

        KneeFinding finding = KneeDetector.find(sweep, 10_000);

        assertThat(finding).isInstanceOf(Knee.class);
        Knee knee = (Knee) finding;
        assertThat(knee.cause()).isEqualTo(Cause.TAIL_OUTGROWS_THROUGHPUT);
        assertThat(knee.concurrency()).isCloseTo(SLOTS, Percentage.withPercentage(10));
        assertThat(knee.scaleAt()).isCloseTo(0.75 * knee.concurrency(), Percentage.withPercentage(0.001));
        assertThat(knee.evidence().intervals()).isEqualTo(sweep.size());
        assertThat(knee.evidence().lowestConcurrency()).isCloseTo(4, Percentage.withPercentage(10));
        assertThat(knee.evidence().highestConcurrency()).isCloseTo(64, Percentage.withPercentage(10));
    }

    @Test
    void a_sweep_that_never_fills_the_slots_has_no_knee() {
        KneeFinding finding = KneeDetector.find(sweep(4, 30), 10_000);

        assertThat(finding).isInstanceOf(NoKnee.class);
        assertThat(((NoKnee) finding).overSloEverywhere()).isFalse();
    }

    @Test
    void a_sweep_already_past_the_slots_says_the_knee_is_at_or_below_its_quietest_traffic() {
        KneeFinding finding = KneeDetector.find(sweep(40, 96), 10_000);

        assertThat(finding).isInstanceOf(Knee.class);
        assertThat(((Knee) finding).cause()).isEqualTo(Cause.AT_OR_BELOW_QUIETEST);
        assertThat(((Knee) finding).concurrency()).isCloseTo(40, Percentage.withPercentage(10));
    }

    @Test
    void a_tail_that_crosses_the_slo_before_it_bends_puts_the_knee_where_it_crosses() {
        // p99 grows exactly as fast as throughput (10 ms per request in flight): no bend, but over 105
        // ms past 10.5
        List<LoadInterval> intervals = IntStream.rangeClosed(2, 20)
                .mapToObj(c -> interval(c, c, 10.0 * c, 300))
                .toList();

        KneeFinding finding = KneeDetector.find(intervals, 105);

        assertThat(finding).isInstanceOf(Knee.class);
        Knee knee = (Knee) finding;
        assertThat(knee.cause()).isEqualTo(Cause.SLO_CROSSED);
        assertThat(knee.concurrency()).isBetween(10.0, 11.0);
        assertThat(knee.overSloEverywhere()).isFalse();
    }

    @Test
    void a_tail_over_the_slo_at_every_concurrency_is_said_to_be() {
        List<LoadInterval> intervals = IntStream.rangeClosed(2, 20)
                .mapToObj(c -> interval(c, c, 500, 300))
                .toList();

        KneeFinding finding = KneeDetector.find(intervals, 400);

        assertThat(finding).isInstanceOf(NoKnee.class);
        assertThat(((NoKnee) finding).overSloEverywhere()).isTrue();
    }

    @Test
    void too_few_requests_are_refused_and_the_refusal_says_what_there_was() {
        List<LoadInterval> intervals = IntStream.rangeClosed(1, 30)
                .mapToObj(c -> interval(c, c, 100, 30))
                .toList();

        KneeFinding finding = KneeDetector.find(intervals, 400);

        assertThat(finding).isInstanceOf(Refusal.class);
        assertThat(((Refusal) finding).reason())
                .isEqualTo("Too little traffic to find a knee: 30 intervals with 900 requests make 4 groups of 200"
                        + " requests; at least 5 are needed.");
        assertThat(finding.evidence().requests()).isEqualTo(900);
        assertThat(finding.evidence().groups()).hasSize(4);
    }

    @Test
    void concurrency_that_hardly_varies_is_refused() {
        List<LoadInterval> intervals = IntStream.range(0, 20)
                .mapToObj(i -> interval(10 + i * 0.2, 5, 100, 300))
                .toList();

        KneeFinding finding = KneeDetector.find(intervals, 400);

        assertThat(finding).isInstanceOf(Refusal.class);
        assertThat(((Refusal) finding).reason())
                .isEqualTo("Requests in flight only ranged from 10.0 to 13.8: a knee needs the busiest traffic at"
                        + " least twice the quietest.");
    }

    @Test
    void a_short_rest_joins_the_last_group_so_every_group_holds_enough_requests() {
        List<LoadInterval> intervals = IntStream.rangeClosed(1, 7)
                .mapToObj(c -> interval(c, c, 100, 90))
                .toList();

        List<LoadGroup> groups = KneeDetector.groups(intervals);

        assertThat(groups).extracting(LoadGroup::requests).containsExactly(270L, 360L);
        assertThat(groups.getLast().concurrency()).isEqualTo(5.5);
    }

    private static List<LoadInterval> sweep(int fromClients, int toClients) {
        return IntStream.iterate(fromClients, c -> c <= toClients, c -> c + 2)
                .mapToObj(c -> SERVER.interval(c, 120, c))
                .toList();
    }

    private static LoadInterval interval(double concurrency, double throughput, double ttftMs, int requests) {
        LatencySketch ttft = LatencySketch.empty();
        ttft.add(ttftMs, requests);
        return new LoadInterval(concurrency, throughput, ttft);
    }
}
