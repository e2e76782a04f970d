package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.base.UnusableValueException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class CostOfTokensTest {

    private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");

    @Test
    void three_dollars_an_hour_at_four_thousand_tokens_a_second_is_twenty_one_cents_per_million() {
        List<GpuCostPeriod> history = List.of(new GpuCostPeriod(Instant.EPOCH, GpuCost.of(1, 1, "3.00", "USD")));
        long tokensInAnHour = 4_000L * 3_600;

        CostOfTokens cost = new CostOfTokens(
                T0,
                T0.plusSeconds(3_600),
                true,
                CostOfTokens.gpuCost(history, T0, T0.plusSeconds(3_600)),
                tokensInAnHour,
                tokensInAnHour * 3 / 4,
                Costs.NONE);

        assertThat(cost.gpuCost().in("USD")).isEqualByComparingTo("3.00");
        assertThat(cost.costPerMtokOutput().in("USD")).isEqualTo(new BigDecimal("0.208333"));
        assertThat(MoneyFormat.cents(cost.costPerMtokOutput())).isEqualTo("USD 0.21");
        // three in four tokens reached users within SLO: 3.00 ÷ 10,800,000 × 10⁶ = 0.277777…
        assertThat(cost.costPerMtokGoodOutput().in("USD")).isEqualTo(new BigDecimal("0.277778"));
    }

    @Test
    void two_costs_together_add_their_gpu_costs_tokens_and_revenue() {
        CostOfTokens day1 = new CostOfTokens(
                T0,
                T0.plusSeconds(86_400),
                true,
                Costs.NONE.plus("USD", new BigDecimal("72")),
                1_000_000,
                500_000,
                Costs.NONE.plus("USD", new BigDecimal("1.8")));
        CostOfTokens day2 = new CostOfTokens(
                T0.plusSeconds(86_400),
                T0.plusSeconds(172_800),
                false,
                Costs.NONE,
                3_000_000,
                1_500_000,
                Costs.NONE.plus("USD", new BigDecimal("5.4")));

        CostOfTokens both = day1.plus(day2);

        assertThat(both.from()).isEqualTo(T0);
        assertThat(both.to()).isEqualTo(T0.plusSeconds(172_800));
        assertThat(both.costKnown()).isTrue();
        assertThat(both.outputTokens()).isEqualTo(4_000_000);
        assertThat(both.goodOutputTokens()).isEqualTo(2_000_000);
        // 72 ÷ 4,000,000 × 10⁶ = 18; 72 ÷ 2,000,000 × 10⁶ = 36; 7.2 − 72 = −64.8
        assertThat(both.costPerMtokOutput().in("USD")).isEqualByComparingTo("18");
        assertThat(both.costPerMtokGoodOutput().in("USD")).isEqualByComparingTo("36");
        assertThat(both.margin().in("USD")).isEqualByComparingTo("-64.8");
    }

    @Test
    void the_gpu_cost_of_a_window_sums_gpus_times_replicas_times_price_times_hours_over_each_period() {
        Instant change = T0.plusSeconds(5_400); // 01:30
        List<GpuCostPeriod> history = List.of(
                new GpuCostPeriod(Instant.EPOCH, GpuCost.of(8, 2, "2.50", "USD")),
                new GpuCostPeriod(change, GpuCost.of(8, 3, "2.10", "USD")));

        // 00:30–01:30 at 16 × 2.50 = 40.00 an hour, then 01:30–04:00 at 24 × 2.10 = 50.40 an hour
        Costs cost = CostOfTokens.gpuCost(history, T0.plusSeconds(1_800), T0.plusSeconds(14_400));

        assertThat(cost.in("USD")).isEqualByComparingTo(new BigDecimal("40.00").add(new BigDecimal("126.00")));
        assertThat(MoneyFormat.exact(cost.in("USD"))).isEqualTo("166.00");
    }

    @Test
    void time_before_the_first_cost_costs_nothing_and_currencies_stay_apart() {
        List<GpuCostPeriod> history = List.of(
                new GpuCostPeriod(T0.plusSeconds(1_800), GpuCost.of(1, 4, "1.25", "EUR")),
                new GpuCostPeriod(T0.plusSeconds(3_600), GpuCost.of(1, 1, "0.333333", "USD")));

        Costs cost = CostOfTokens.gpuCost(history, T0, T0.plusSeconds(5_400));

        assertThat(cost.byCurrency())
                .containsExactlyEntriesOf(new TreeMap<>(Map.of(
                        "EUR", new BigDecimal("2.5"), // half an hour at 5.00
                        "USD", new BigDecimal("0.1666665")))); // half an hour at 0.333333
    }

    @Test
    void a_window_of_odd_seconds_is_costed_to_ten_decimal_places() {
        List<GpuCostPeriod> history = List.of(new GpuCostPeriod(Instant.EPOCH, GpuCost.of(1, 1, "1", "USD")));

        Costs cost = CostOfTokens.gpuCost(history, T0, T0.plusSeconds(60));

        assertThat(cost.in("USD")).isEqualTo(new BigDecimal("0.0166666667"));
    }

    @Test
    void margin_is_revenue_less_gpu_cost_in_each_currency_and_may_be_negative() {
        CostOfTokens cost = new CostOfTokens(
                T0,
                T0.plusSeconds(3_600),
                true,
                new Costs(new TreeMap<>(Map.of("USD", new BigDecimal("40"), "EUR", new BigDecimal("1")))),
                2_000_000,
                0,
                Costs.NONE.plus("USD", new BigDecimal("52.5")));

        assertThat(cost.margin().in("USD")).isEqualByComparingTo("12.5");
        assertThat(cost.margin().in("EUR")).isEqualByComparingTo("-1");
        assertThat(cost.costPerMtokOutput().in("USD")).isEqualByComparingTo("20");
        assertThat(cost.costPerMillion(500_000).in("USD")).isEqualByComparingTo("80");
    }

    @Test
    void no_output_tokens_give_no_cost_per_million_and_zero_replicas_cost_nothing() {
        List<GpuCostPeriod> history = List.of(new GpuCostPeriod(Instant.EPOCH, GpuCost.of(4, 0, "2", "USD")));
        Costs cost = CostOfTokens.gpuCost(history, T0, T0.plusSeconds(3_600));

        assertThat(cost.in("USD")).isEqualByComparingTo("0");
        assertThat(new CostOfTokens(T0, T0.plusSeconds(3_600), true, cost, 0, 0, Costs.NONE).costPerMtokOutput())
                .isEqualTo(Costs.NONE);
    }

    @Test
    void a_gpu_cost_refuses_what_no_deployment_runs_on() {
        assertThatThrownBy(() -> GpuCost.of(0, 1, "1", "USD")).isInstanceOf(UnusableValueException.class);
        assertThatThrownBy(() -> GpuCost.of(1, -1, "1", "USD")).isInstanceOf(UnusableValueException.class);
        assertThatThrownBy(() -> GpuCost.of(1, 1, "-0.01", "USD")).isInstanceOf(UnusableValueException.class);
        assertThatThrownBy(() -> GpuCost.of(1, 1, "0.0000001", "USD")).isInstanceOf(UnusableValueException.class);
        assertThatThrownBy(() -> GpuCost.of(1, 1, "1", "usd")).isInstanceOf(UnusableValueException.class);
        assertThat(GpuCost.of(8, 3, "2.1", "USD").hourly()).isEqualByComparingTo("50.4");
    }
}
