package dev.inferencemetrics.rollup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DimensionTest {

    @ParameterizedTest
    @ValueSource(strings = {"acme", "team/search@eu", "org-42", "user:1234", "meta-llama/Llama-3.1-8B+sql_lora.v2"})
    void labels_of_letters_digits_and_the_listed_marks_are_values(String value) {
        assertThat(Dimension.CONSUMER.problem(value)).isEmpty();
        assertThat(Dimension.ADAPTER.problem(value)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "two words",
                "-leading",
                "semi;colon",
                "quote\"",
                "ünïcode",
                "imk_abcdefghijklmnopqrstuvwxyz0123456789",
                "sk-proj-abc",
                "Bearer",
                "eyJhbGciOiJIUzI1NiJ9"
            })
    void spaces_other_marks_and_credentials_are_refused_with_a_reason(String value) {
        assertThat(Dimension.CONSUMER.problem(value))
                .hasValueSatisfying(problem -> assertThat(problem).startsWith("consumer "));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {".a", "_a", ":a", "/a", "@a", "+a", "a`", "a[", "a{", "a!", "a,", "a=", "a\\", "a~", "a\u00e9"})
    void a_mark_may_not_lead_and_no_other_character_is_a_value(String value) {
        assertThat(Dimension.PRIORITY.problem(value)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"A", "Z", "a", "z", "0", "9", "a._:/@+-z"})
    void the_edges_of_the_letters_and_digits_and_every_mark_after_the_first_are_values(String value) {
        assertThat(Dimension.PRIORITY.problem(value)).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void a_priority_is_at_most_32_characters_and_a_consumer_or_adapter_128() {
        assertThat(Dimension.PRIORITY.problem("p".repeat(32))).isEmpty();
        assertThat(Dimension.PRIORITY.problem("p".repeat(33))).isPresent();
        assertThat(Dimension.CONSUMER.problem("c".repeat(128))).isEmpty();
        assertThat(Dimension.CONSUMER.problem("c".repeat(129))).isPresent();
        assertThat(Dimension.ADAPTER.problem("a".repeat(129))).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"consumer", "adapter", "priority"})
    void each_dimension_is_found_by_its_code(String code) {
        assertThat(Dimension.fromCode(code))
                .hasValueSatisfying(d -> assertThat(d.code()).isEqualTo(code));
        assertThat(Dimension.fromCode(code.toUpperCase())).isEmpty();
    }
}
