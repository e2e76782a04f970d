package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TokenPriceTest {

    @Test
    void cost_is_tokens_times_price_per_million_with_nothing_rounded() {
        TokenPrice price = TokenPrice.of("0.45", "1.80", "USD");

        assertThat(price.inputCost(1_234_567)).isEqualByComparingTo("0.55555515");
        assertThat(price.outputCost(1)).isEqualByComparingTo("0.0000018");
        assertThat(TokenPrice.of("0.000001", "0", "EUR").inputCost(1)).isEqualByComparingTo("0.000000000001");
        assertThat(TokenPrice.of("123456789012.999999", "0", "USD").inputCost(Long.MAX_VALUE))
                .isEqualByComparingTo(new BigDecimal(Long.MAX_VALUE)
                        .multiply(new BigDecimal("123456789012.999999"))
                        .divide(BigDecimal.valueOf(1_000_000)));
    }

    @Test
    void equal_prices_written_differently_are_the_same_price() {
        assertThat(TokenPrice.of("0.5", "2", "USD")).isEqualTo(TokenPrice.of("0.500000", "2.00", "USD"));
    }

    @Test
    void what_the_database_would_round_or_refuse_is_refused_up_front() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> TokenPrice.of("0.0000001", "1", "USD"))
                .withMessageContaining("six decimal places");
        assertThatIllegalArgumentException().isThrownBy(() -> TokenPrice.of("-1", "1", "USD"));
        assertThatIllegalArgumentException().isThrownBy(() -> TokenPrice.of("1234567890123", "1", "USD"));
        assertThatIllegalArgumentException().isThrownBy(() -> TokenPrice.of("1", "1", "usd"));
    }
}
