package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class UsagePeriodTest {

    private static final LocalDate JAN_15 = LocalDate.parse("2027-01-15");

    @Test
    void this_month_and_last_month_are_whole_calendar_months_with_an_exclusive_end() {
        assertThat(UsagePeriod.thisMonth(JAN_15))
                .isEqualTo(new UsagePeriod(LocalDate.parse("2027-01-01"), LocalDate.parse("2027-02-01")));
        assertThat(UsagePeriod.lastMonth(JAN_15))
                .isEqualTo(new UsagePeriod(LocalDate.parse("2026-12-01"), LocalDate.parse("2027-01-01")));
        assertThat(UsagePeriod.lastMonth(JAN_15).lastDay()).isEqualTo(LocalDate.parse("2026-12-31"));
    }

    @Test
    void a_custom_period_includes_its_last_day() {
        UsagePeriod oneDay = UsagePeriod.through(JAN_15, JAN_15);

        assertThat(oneDay.to()).isEqualTo(LocalDate.parse("2027-01-16"));
        assertThat(oneDay.days()).isEqualTo(1);
    }

    @Test
    void empty_reversed_and_overlong_periods_are_refused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new UsagePeriod(JAN_15, JAN_15));
        assertThatIllegalArgumentException().isThrownBy(() -> new UsagePeriod(JAN_15, JAN_15.minusDays(1)));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new UsagePeriod(JAN_15, JAN_15.plusDays(UsagePeriod.MAX_DAYS + 1)));
    }
}
