package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MetricFormatTest {

    @ParameterizedTest
    @CsvSource({"0.42, 0.42 ms", "7.64, 7.6 ms", "76.2, 76 ms", "999.4, 999 ms", "11360, 11.36 s", "386, 386 ms"})
    void latencies_are_milliseconds_below_a_second_and_seconds_above(double ms, String shown) {
        assertThat(MetricFormat.latency(ms)).isEqualTo(shown);
    }

    @Test
    void tail_ratios_read_like_2_70x_and_missing_values_as_a_dash() {
        assertThat(MetricFormat.ratio(2.7)).isEqualTo("2.70×");
        assertThat(MetricFormat.ratio(null)).isEqualTo("–");
        assertThat(MetricFormat.latency(null)).isEqualTo("–");
        assertThat(MetricFormat.percent(2.33)).isEqualTo("2.3 %");
        assertThat(MetricFormat.share(0.9721)).isEqualTo("97.2 %");
        assertThat(MetricFormat.rate(1234.4)).isEqualTo("1,234/s");
    }

    @ParameterizedTest
    @CsvSource({"300, 500, MET", "460, 500, AT_RISK", "500, 500, AT_RISK", "501, 500, BREACHED"})
    void slo_state_compares_p95_with_the_threshold(double p95, double slo, SloState expected) {
        assertThat(SloState.of(p95, slo)).isEqualTo(expected);
    }

    @Test
    void no_measurement_means_no_slo_state() {
        assertThat(SloState.of(null, 500.0)).isEqualTo(SloState.NO_DATA);
    }
}
