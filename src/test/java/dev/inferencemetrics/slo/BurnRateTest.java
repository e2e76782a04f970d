package dev.inferencemetrics.slo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BurnRateTest {

    private static final SloObjective TTFT_95 = new SloObjective(SloKind.TTFT, 95, 500.0, true);

    @ParameterizedTest(name = "{0} bad of {1} at a {2} % target burns at {3}×")
    @CsvSource({
        "5, 100, 95, 1.0", // exactly the allowed 5 %: the budget lasts the period
        "72, 100, 95, 14.4", // the page threshold: a month's budget in two days
        "30, 100, 95, 6.0",
        "0, 100, 95, 0.0",
        "1, 1000, 99.9, 1.0",
        "144, 10000, 99, 1.44"
    })
    void burn_rate_is_the_bad_fraction_over_the_allowed_bad_fraction(long bad, long total, double target, double rate) {
        SloObjective objective = new SloObjective(SloKind.TTFT, target, 500.0, true);

        assertThat(objective.burnRate(new EventCounts(total - bad, total))).isCloseTo(rate, within(1e-9));
    }

    @Test
    void no_events_burn_nothing_and_leave_the_whole_budget() {
        ErrorBudget budget = new ErrorBudget(TTFT_95, EventCounts.NONE);

        assertThat(TTFT_95.burnRate(EventCounts.NONE)).isZero();
        assertThat(budget.remainingFraction()).isEqualTo(1.0);
        assertThat(budget.compliance()).isEqualTo(1.0);
    }

    @Test
    void the_budget_left_is_one_minus_bad_over_allowed_bad_and_goes_negative_when_overspent() {
        ErrorBudget quarterSpent = new ErrorBudget(TTFT_95, new EventCounts(9_875, 10_000));
        ErrorBudget overspent = new ErrorBudget(TTFT_95, new EventCounts(9_000, 10_000));

        assertThat(quarterSpent.allowedBad()).isCloseTo(500, within(1e-9));
        assertThat(quarterSpent.remainingFraction()).isCloseTo(0.75, within(1e-9));
        assertThat(quarterSpent.exhausted()).isFalse();
        assertThat(overspent.remainingFraction()).isCloseTo(-1.0, within(1e-9));
        assertThat(overspent.exhausted()).isTrue();
        assertThat(overspent.compliance()).isCloseTo(0.90, within(1e-9));
    }

    @Test
    void counts_refuse_more_good_than_total() {
        assertThatIllegalArgumentException().isThrownBy(() -> new EventCounts(5, 4));
    }

    @Test
    void an_objective_refuses_targets_outside_the_open_percent_range_and_thresholds_where_they_do_not_belong() {
        assertThatIllegalArgumentException().isThrownBy(() -> new SloObjective(SloKind.TTFT, 100, 500.0, true));
        assertThatIllegalArgumentException().isThrownBy(() -> new SloObjective(SloKind.TTFT, 0, 500.0, true));
        assertThatIllegalArgumentException().isThrownBy(() -> new SloObjective(SloKind.ITL, 95, null, true));
        assertThatIllegalArgumentException().isThrownBy(() -> new SloObjective(SloKind.ITL, 95, -1.0, true));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SloObjective(SloKind.AVAILABILITY, 99, 5.0, true))
                .withMessage("availability takes no threshold");
    }

    @Test
    void an_objective_reads_as_people_write_it() {
        assertThat(TTFT_95.describe()).isEqualTo("95 % of requests with TTFT ≤ 500 ms");
        assertThat(new SloObjective(SloKind.ITL, 99.5, 62.5, true).describe())
                .isEqualTo("99.5 % of token gaps with ITL ≤ 62.5 ms");
        assertThat(new SloObjective(SloKind.AVAILABILITY, 99.9, null, true).describe())
                .isEqualTo("99.9 % of requests answered ok");
    }
}
