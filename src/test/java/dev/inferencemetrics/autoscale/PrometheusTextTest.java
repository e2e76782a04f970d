package dev.inferencemetrics.autoscale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.scrape.exposition.ExpositionParser;
import dev.inferencemetrics.scrape.exposition.Sample;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    private static final Instant TO = Instant.parse("2026-11-27T10:00:00Z");

    @Test
    void label_values_with_quotes_backslashes_and_line_feeds_parse_back_as_written() {
        String tenant = "a\"b\\c\nd";
        String text = PrometheusText.write(page(signals(tenant, "chat", 312.0)));

        List<Sample> samples = ExpositionParser.parse(text);

        assertThat(samples).isNotEmpty().allMatch(sample -> sample.label("tenant")
                .equals(tenant));
    }

    @Test
    void latencies_are_written_in_seconds_and_absent_figures_have_no_series() {
        String text = PrometheusText.write(page(signals("acme", "chat", 312.0), signals("acme", "idle", null)));

        List<Sample> samples = ExpositionParser.parse(text);

        assertThat(samples)
                .filteredOn(sample -> sample.name().equals("inferencemetrics_ttft_p99_seconds"))
                .singleElement()
                .satisfies(sample -> {
                    assertThat(sample.label("deployment")).isEqualTo("chat");
                    assertThat(sample.value()).isEqualTo(0.312);
                });
        assertThat(samples)
                .filteredOn(sample -> sample.name().equals("inferencemetrics_window_requests"))
                .hasSize(2);
        assertThat(text).contains("# TYPE inferencemetrics_ttft_p99_seconds gauge\n");
        assertThat(samples)
                .filteredOn(sample -> sample.name().equals("inferencemetrics_recommended_replicas"))
                .singleElement()
                .satisfies(sample -> assertThat(sample.value()).isEqualTo(3));
    }

    @Test
    void each_family_is_written_once_with_its_series_together() {
        String text = PrometheusText.write(page(signals("acme", "a", 1.0), signals("acme", "b", 2.0)));

        assertThat(text.split("# TYPE inferencemetrics_ttft_p99_seconds", -1)).hasSize(2);
        assertThat(text)
                .contains("inferencemetrics_ttft_p99_seconds{tenant=\"acme\",deployment=\"a\"} 0.001\n"
                        + "inferencemetrics_ttft_p99_seconds{tenant=\"acme\",deployment=\"b\"} 0.002\n");
    }

    private static ScalingPage page(ScalingSignals... signals) {
        return new ScalingPage(List.of(signals), 0, 500, signals.length);
    }

    private static ScalingSignals signals(String tenant, String deployment, Double ttftP99Ms) {
        return new ScalingSignals(
                deployment,
                tenant,
                TO.minusSeconds(300),
                TO,
                ttftP99Ms == null ? 0 : 10,
                ttftP99Ms,
                ttftP99Ms == null ? null : 20.0,
                ttftP99Ms == null ? null : 0.5,
                null,
                null,
                ttftP99Ms == null ? null : 1.5,
                ttftP99Ms == null ? null : 35.0,
                ttftP99Ms == null ? null : 50.0,
                500,
                ttftP99Ms == null ? null : 3);
    }
}
