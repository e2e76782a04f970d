package dev.inferencemetrics.scrape.exposition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.testing.TestDataSets;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpositionParserTest {

    private static final Path DATASETS = TestDataSets.ENGINE_METRICS;

    @Test
    void a_real_sglang_scrape_reads_every_sample_line_with_its_labels_and_exponent_values() throws IOException {
        List<Sample> samples =
                ExpositionParser.parse(Files.readString(DATASETS.resolve("sglang-llama31-8b-under-load.txt")));

        assertThat(samples).hasSize(91);
        assertThat(samples.getFirst())
                .isEqualTo(new Sample(
                        "sglang:prompt_tokens_total",
                        Map.of("model_name", "meta-llama/Llama-3.1-8B-Instruct"),
                        8.128902e+06));
        assertThat(samples)
                .filteredOn(s -> s.name().equals("sglang:time_to_first_token_seconds_bucket")
                        && s.label("le").equals("+Inf"))
                .extracting(Sample::value)
                .containsExactly(11008.0);
    }

    @Test
    void a_real_vllm_scrape_keeps_the_minus_one_sentinel_for_the_reader_to_skip() throws IOException {
        List<Sample> samples = ExpositionParser.parse(Files.readString(DATASETS.resolve("vllm-0.6-idle.txt")));

        assertThat(samples).hasSize(15);
        assertThat(samples)
                .filteredOn(s -> s.name().equals("vllm:gpu_prefix_cache_hit_rate"))
                .extracting(Sample::value)
                .containsExactly(-1.0);
        assertThat(samples.getLast().label("num_gpu_blocks")).isEqualTo("5644");
    }

    @Test
    void openmetrics_ends_at_eof_and_reads_past_timestamps_and_exemplars() {
        List<Sample> samples = ExpositionParser.parse("""
                # TYPE requests counter
                # UNIT requests_seconds seconds
                requests_total{path="/a"} 7 1700000000.123
                requests_created{path="/a"} 1.7e9
                latency_seconds_bucket{le="0.1"} 3 # {trace_id="abc"} 0.05 1700000000
                # EOF
                requests_total{path="/b"} 9
                """);

        assertThat(samples)
                .containsExactly(
                        new Sample("requests_total", Map.of("path", "/a"), 7),
                        new Sample("requests_created", Map.of("path", "/a"), 1.7e9),
                        new Sample("latency_seconds_bucket", Map.of("le", "0.1"), 3));
    }

    @Test
    void label_values_unescape_backslashes_quotes_and_newlines_and_keep_commas_and_braces() {
        Sample sample = ExpositionParser.parse("m{a=\"x\\\\y\",b=\"say \\\"hi\\\"\", c = \"1\\n2,}\",} 1\r\n")
                .getFirst();

        assertThat(sample.labels()).isEqualTo(Map.of("a", "x\\y", "b", "say \"hi\"", "c", "1\n2,}"));
    }

    @ParameterizedTest
    @CsvSource({"+Inf, Infinity", "-Inf, -Infinity", "NaN, NaN", "1.5e-3, 0.0015", "-0, -0.0", "42, 42"})
    void special_and_exponent_values_read_as_prometheus_writes_them(String written, double expected) {
        assertThat((Double) ExpositionParser.parse("m " + written).getFirst().value())
                .isEqualTo((Double) expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "m{a=\"1\"} x|line 2: a sample value is not a number",
                "m 1d|line 2: a sample value is not a number",
                "m{a=\"1\" 2|line 2: a label is not followed by , or }",
                "m{a=\"1|line 2: a label value is not closed",
                "m{a=\"\\t\"} 1|line 2: a label value holds an unknown escape",
                "m{a=\"1\",a=\"2\"} 1|line 2: a label appears twice",
                "9m 1|line 2: a metric name was expected",
                "m|line 2: a sample has no value"
            })
    void a_malformed_line_fails_the_whole_scrape_naming_the_line_and_the_kind_of_fault(String line, String message) {
        assertThatThrownBy(() -> ExpositionParser.parse("ok 1\n" + line + "\n"))
                .isInstanceOf(ExpositionFormatException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "db_password: S3cr3t-Internal-Passw0rd",
                "S3cr3t-Internal-Passw0rd",
                "x{S3cr3t-Internal-Passw0rd=\"1\"} 1",
                "x{a=\"S3cr3t-Internal-Passw0rd\\q\"} 1",
                "x{S3cr3t=\"1\",S3cr3t=\"2\"} 1",
                "S3cr3t{a=\"1\" S3cr3t 1"
            })
    void what_a_fault_says_never_echoes_the_text_it_read(String line) {
        assertThatThrownBy(() -> ExpositionParser.parse(line))
                .isInstanceOf(ExpositionFormatException.class)
                .satisfies(fault -> assertThat(fault.getMessage())
                        .startsWith("line 1: ")
                        .doesNotContain("S3cr3t")
                        .doesNotContain("db_password"));
    }

    @Test
    void an_exposition_with_more_series_than_the_limit_is_refused_before_it_is_read_to_the_end() throws IOException {
        String series = "m{i=\"1\"} 1\nm{i=\"2\"} 2\nm{i=\"3\"} 3\n";

        assertThat(ExpositionParser.parse(new StringReader(series), 3)).hasSize(3);
        assertThatThrownBy(() -> ExpositionParser.parse(new StringReader(series + "m 4\n"), 3))
                .isInstanceOf(ExpositionFormatException.class)
                .hasMessage("line 4: the exposition has more than 3 series, the most one scrape may have");
    }
}
