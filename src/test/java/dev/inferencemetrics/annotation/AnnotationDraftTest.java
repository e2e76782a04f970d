package dev.inferencemetrics.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AnnotationDraftTest {

    private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void text_and_tags_are_trimmed_and_repeated_tags_dropped() {
        AnnotationDraft draft =
                new AnnotationDraft(AT, null, "  vLLM 0.11 rolled out \n", List.of("deploy", " vllm ", "deploy"));

        assertThat(draft.text()).isEqualTo("vLLM 0.11 rolled out");
        assertThat(draft.tags()).containsExactly("deploy", "vllm");
    }

    @Test
    void a_range_that_ends_where_it_starts_is_a_moment() {
        assertThat(new AnnotationDraft(AT, AT, "restart", List.of()).to()).isNull();
        assertThat(new AnnotationDraft(AT, AT.plusSeconds(60), "drain", List.of()).to())
                .isEqualTo(AT.plusSeconds(60));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\t"})
    void empty_text_is_refused(String text) {
        assertThatThrownBy(() -> new AnnotationDraft(AT, null, text, List.of())).hasMessage("text must not be empty");
    }

    @Test
    void text_over_500_characters_is_refused_and_500_are_kept() {
        assertThat(new AnnotationDraft(AT, null, "x".repeat(500), List.of()).text())
                .hasSize(500);
        assertThatThrownBy(() -> new AnnotationDraft(AT, null, "x".repeat(501), List.of()))
                .hasMessage("text must be at most 500 characters, not 501");
    }

    @Test
    void a_range_ending_before_it_starts_is_refused() {
        assertThatThrownBy(() -> new AnnotationDraft(AT, AT.minusSeconds(1), "backwards", List.of()))
                .hasMessage("to must not be before from");
    }

    @ParameterizedTest
    @ValueSource(strings = {"two words", "semi;colon", "", "a-tag-that-is-far-too-long-to-be-a-useful-label"})
    void a_tag_outside_the_allowed_characters_or_length_is_refused(String tag) {
        assertThatThrownBy(() -> new AnnotationDraft(AT, null, "x", List.of("ok", tag)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be 1 to 40 letters, digits or . _ : / = + -");
    }

    @Test
    void more_than_ten_tags_are_refused() {
        List<String> eleven = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k");

        assertThatThrownBy(() -> new AnnotationDraft(AT, null, "x", eleven)).hasMessage("at most 10 tags");
    }
}
