package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.rollup.ReplicaMinutes;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScrapedReplicasTest {

    private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");

    /** Read over [T0, T0 + 2 h): no replica in the first hour, 2 each minute of the third half hour, 45 in 20 minutes after. */
    private static final ScrapedReplicas SCRAPED = ScrapedReplicas.of(
            T0,
            T0.plus(Duration.ofHours(2)),
            List.of(new ReplicaMinutes(at(60), 30, 60), new ReplicaMinutes(at(90), 20, 45)));

    @Test
    void a_part_sums_the_half_hours_it_holds_and_counts_its_minutes() {
        assertThat(SCRAPED.within(T0, at(120))).isEqualTo(new ScrapedCoverage(120, 50, 105));
        assertThat(SCRAPED.within(at(90), at(120))).isEqualTo(new ScrapedCoverage(30, 20, 45));
        assertThat(SCRAPED.within(T0, at(60))).isEqualTo(new ScrapedCoverage(60, 0, 0));
    }

    @Test
    void a_part_is_cut_to_the_span_read_and_minutes_not_yet_read_are_not_counted() {
        assertThat(SCRAPED.within(at(90), at(600))).isEqualTo(new ScrapedCoverage(30, 20, 45));
        assertThat(SCRAPED.within(at(120), at(150))).isEqualTo(ScrapedCoverage.NONE);
    }

    @Test
    void a_part_ending_inside_a_half_hour_other_than_the_spans_last_is_refused() {
        assertThatThrownBy(() -> SCRAPED.within(T0, at(75))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_cost_from_scrapes_charges_its_replica_hours_beside_a_set_cost() {
        List<GpuCostPeriod> history = List.of(
                new GpuCostPeriod(T0, GpuCost.of(8, 2, "2.50", "USD")),
                new GpuCostPeriod(at(60), GpuCost.fromScrapes(4, "3.00", "USD")));

        CostOfTokens.GpuSpend spend = CostOfTokens.gpuCost(history, SCRAPED, T0, at(120));

        // 1 h × 2 replicas × 8 GPUs × 2.50 = 40.00; then (60 + 45) replica-minutes = 1.75 replica-hours × 4 × 3.00
        // = 21.00
        assertThat(spend.cost().in("USD")).isEqualByComparingTo("61.00");
        assertThat(spend.scraped()).isEqualTo(new ScrapedCoverage(60, 50, 105));
        assertThat(spend.scraped().partial()).isTrue();
        assertThat(spend.scraped().replicaHours()).isEqualByComparingTo("1.75");
    }

    @Test
    void a_replica_minute_at_a_price_that_does_not_divide_evenly_keeps_ten_decimal_places() {
        List<GpuCostPeriod> history = List.of(new GpuCostPeriod(T0, GpuCost.fromScrapes(1, "1.00", "USD")));
        ScrapedReplicas oneMinute = ScrapedReplicas.of(T0, at(1), List.of(new ReplicaMinutes(T0, 1, 1)));

        // 1 replica-minute × 1 GPU × 1.00 per hour = 1/60 = 0.0166666667 (half to even at ten places)
        assertThat(CostOfTokens.gpuCost(history, oneMinute, T0, at(1)).cost().in("USD"))
                .isEqualTo(new BigDecimal("0.0166666667"));
        assertThat(CostOfTokens.gpuCost(history, oneMinute, T0, at(1)).scraped().partial())
                .isFalse();
    }

    @Test
    void coverage_is_said_in_words_with_its_replica_hours() {
        assertThat(new ScrapedCoverage(60, 50, 105).text()).isEqualTo("50 of 60 minutes scraped, 1.75 replica-hours");
    }

    private static Instant at(int minutes) {
        return T0.plus(Duration.ofMinutes(minutes));
    }
}
