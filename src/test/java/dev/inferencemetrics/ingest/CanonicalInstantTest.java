package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.JsonNodeFactory;

class CanonicalInstantTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-11-22T10:00:00Z",
                "2026-11-22T10:00:00.1Z",
                "2026-11-22T10:00:00.123Z",
                "2026-11-22T10:00:00.123456Z",
                "2026-11-22T10:00:00.123456789Z",
                "2026-11-22T23:59:59.999999999Z",
                "2028-02-29T12:00:00Z",
                "1970-01-01T00:00:00Z",
                "1969-12-31T23:59:59.5Z",
                "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59Z"
            })
    void the_canonical_form_reads_as_instant_parse_reads_it(String text) {
        assertThat(CanonicalInstant.parse(text)).isEqualTo(Instant.parse(text));
    }

    @Test
    void any_instant_printed_by_java_reads_back_the_same() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            Instant instant = Instant.ofEpochSecond(
                    random.nextLong(-2_000_000_000L, 10_000_000_000L),
                    random.nextInt(4) * random.nextInt(1_000_000_000));
            assertThat(CanonicalInstant.parse(instant.toString())).isEqualTo(instant);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-11-22T10:00:00+01:00",
                "2026-11-22t10:00:00z",
                "2026-11-22T23:59:60Z",
                "+12026-11-22T10:00:00Z",
                "2026-11-22 10:00:00Z",
                "2026-11-22T10:00:00.Z",
                "2026-11-22T10:00:00.1234567890Z",
                "2026-11-22T10:00Z",
                "2026-13-01T00:00:00Z",
                "2026-02-29T00:00:00Z",
                "2026-11-22T24:00:00Z",
                "2026-11-22T-1:00:00Z",
                "2026-11-22T10:00:0xZ",
                "not a time at all, no"
            })
    void every_other_form_is_left_to_instant_parse(String text) {
        assertThat(CanonicalInstant.parse(text)).isNull();
    }

    @Test
    void a_sample_stamped_in_another_iso_form_is_read_by_instant_parse() {
        assertThat(sampleTimestamp("2026-11-22T10:00:00+01:00")).isEqualTo(Instant.parse("2026-11-22T09:00:00Z"));
        assertThat(sampleTimestamp("2026-11-22t10:00:00.5z")).isEqualTo(Instant.parse("2026-11-22T10:00:00.5Z"));
    }

    @Test
    void a_sample_stamped_with_an_impossible_date_is_rejected() {
        assertThatThrownBy(() -> sampleTimestamp("2026-02-29T00:00:00Z"))
                .isInstanceOf(InvalidSample.class)
                .hasMessageContaining("ISO-8601 instant");
    }

    private static Instant sampleTimestamp(String text) {
        return new SampleFields(JsonNodeFactory.instance.objectNode().put("ts", text)).requiredInstant("ts");
    }
}
