package dev.inferencemetrics.base.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class NumberRulesTest {

    @Test
    void each_rule_writes_its_numbers_as_the_cards_and_tables_show_them() {
        assertThat(List.of(0.42, 7.64, 76.2, 11_360.0).stream().map(NumberRules.LATENCY::format))
                .containsExactly("0.42 ms", "7.6 ms", "76 ms", "11.36 s");
        assertThat(NumberRules.SHARE.format(0.8333)).isEqualTo("83.3 %");
        assertThat(NumberRules.RATE.format(1234.4)).isEqualTo("1,234/s");
        assertThat(NumberRules.RATE.format(0.5)).isEqualTo("0.50/s");
        assertThat(List.of(950.0, 12_340.0, 4_560_000.0, 1_200_000_000.0).stream()
                        .map(NumberRules.TOKENS::format))
                .containsExactly("950", "12.3k", "4.56M", "1.20B");
        assertThat(List.of(1234.5678, 0.4, 0.004, 0.0).stream().map(NumberRules.MONEY::format))
                .containsExactly("1,234.57", "0.40", "< 0.01", "0.00");
        assertThat(NumberRules.LATENCY.format(null)).isEqualTo("–");
    }

    @Test
    void a_small_rate_is_written_per_hour_rather_than_as_zero_per_second() {
        assertThat(NumberRules.RATE.format(7 / 3600.0)).isEqualTo("7/h");
        assertThat(NumberRules.RATE.format(0.05)).isEqualTo("180/h");
        assertThat(NumberRules.RATE.format(0.1)).isEqualTo("0.10/s");
        assertThat(NumberRules.RATE.format(0.5 / 3600)).isEqualTo("0.50/h");
        assertThat(NumberRules.RATE.format(0.0)).isEqualTo("0/s");
    }

    @Test
    void counts_and_gauge_readings_carry_thousands_separators() {
        assertThat(NumberRules.COUNT.format(368_867.0)).isEqualTo("368,867");
        assertThat(NumberRules.COUNT.format(234_822_649.0)).isEqualTo("234,822,649");
        assertThat(NumberRules.READING.format(2826.0)).isEqualTo("2,826.0");
        assertThat(NumberRules.READING.format(4.04)).isEqualTo("4.0");
    }

    @Test
    void a_chart_receives_its_units_rule_so_its_element_needs_no_formatter_of_its_own() {
        ChartConfig config = ChartConfig.line("ttft", null, "Time to first token", ChartUnit.MILLISECONDS, List.of());

        JsonNode sent = JsonMapper.builder().build().valueToTree(config);

        JsonNode first = sent.get("format").get("steps").get(0);
        assertThat(first.get("atLeast").asDouble()).isEqualTo(1000.0);
        assertThat(first.get("divisor").asDouble()).isEqualTo(1000.0);
        assertThat(first.get("decimals").asInt()).isEqualTo(2);
        assertThat(first.get("suffix").asString()).isEqualTo(" s");
        assertThat(sent.get("format").get("steps")).hasSize(4);
    }
}
