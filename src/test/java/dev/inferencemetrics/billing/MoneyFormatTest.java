package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MoneyFormatTest {

    @ParameterizedTest
    @CsvSource({"12.5, 12.50", "3, 3.00", "0.000000, 0.00", "0.0002475, 0.0002475", "1E+3, 1000.00"})
    void exports_write_the_exact_amount_plainly_with_at_least_two_decimals(String amount, String written) {
        assertThat(MoneyFormat.exact(new BigDecimal(amount))).isEqualTo(written);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"0.125 | 0.12", "0.135 | 0.14", "1234.565 | 1,234.56", "0.004 | < 0.01", "0 | 0.00"})
    void the_page_rounds_to_cents_half_to_even(String amount, String shown) {
        assertThat(MoneyFormat.cents(new BigDecimal(amount))).isEqualTo(shown);
    }

    @Test
    void amounts_in_different_currencies_are_shown_side_by_side_never_added() {
        Costs costs = Costs.NONE.plus("USD", new BigDecimal("1.005")).plus("EUR", new BigDecimal("2"));

        assertThat(MoneyFormat.cents(costs.plus("USD", new BigDecimal("1")))).isEqualTo("EUR 2.00 · USD 2.00");
        assertThat(MoneyFormat.cents(Costs.NONE)).isEqualTo("–");
    }
}
