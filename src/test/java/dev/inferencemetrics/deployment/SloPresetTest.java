package dev.inferencemetrics.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.base.UnusableValueException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SloPresetTest {

    @ParameterizedTest(name = "{0}: TTFT p99 {1} ms, ITL p99 {2} ms")
    @CsvSource({
        "interactive-chat, 300, 50",
        "voice-agent, 150, 30",
        "inline-code-completion, 100, 25",
        "code-completion-panel, 300, 50",
        "retrieval-augmented-chat, 400, 80",
        "batch-and-async-agents, 3000, 200"
    })
    void each_use_case_has_its_p99_targets(String id, int ttftMs, int itlMs) {
        SloPreset preset = SloPreset.of(id);

        assertThat(preset.ttftP99Ms().intValueExact()).isEqualTo(ttftMs);
        assertThat(preset.itlP99Ms().intValueExact()).isEqualTo(itlMs);
        assertThat(preset.id()).isEqualTo(id);
    }

    @Test
    void there_are_six_presets_with_distinct_names_and_all_are_p99_targets() {
        assertThat(SloPreset.values()).hasSize(6);
        assertThat(Arrays.stream(SloPreset.values()).map(SloPreset::id)).doesNotHaveDuplicates();
        assertThat(SloPreset.TARGET_PCT).isEqualTo(99);
    }

    @Test
    void a_picker_shows_the_use_case_and_both_targets() {
        assertThat(SloPreset.VOICE_AGENT.describe()).isEqualTo("Voice agent — TTFT p99 150 ms, ITL p99 30 ms");
    }

    @Test
    void an_unknown_name_is_refused_with_the_names_there_are() {
        assertThatThrownBy(() -> SloPreset.of("chat"))
                .isInstanceOf(UnusableValueException.class)
                .hasMessageContaining("there is no SLO preset 'chat'")
                .hasMessageContaining("interactive-chat, voice-agent");
    }
}
