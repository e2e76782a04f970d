package dev.inferencemetrics.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CompareRequestTest {

    private static final Instant T = Instant.parse("2026-11-20T10:00:00Z");

    @Test
    void side_b_defaults_to_the_same_deployment_over_the_period_before() {
        CompareRequest request = CompareRequest.of("qwen", T, T.plusSeconds(3600), null, null, null);

        assertThat(request.b()).isEqualTo("qwen");
        assertThat(request.bWindow().from()).isEqualTo(T.minusSeconds(3600));
        assertThat(request.bWindow().to()).isEqualTo(T);
        assertThat(request.offset()).isEqualTo(Duration.ofHours(-1));
    }

    @Test
    void another_deployment_as_b_defaults_to_the_same_window() {
        CompareRequest request = CompareRequest.of("qwen", T, T.plusSeconds(3600), "llama", null, null);

        assertThat(request.bWindow()).isEqualTo(request.aWindow());
        assertThat(request.offset()).isZero();
    }

    @Test
    void the_offset_shifts_period_b_onto_period_a() {
        CompareRequest request = CompareRequest.of(
                "qwen",
                T,
                T.plusSeconds(3600),
                "",
                T.plus(Duration.ofDays(7)),
                T.plus(Duration.ofDays(7)).plusSeconds(3600));

        assertThat(request.b()).isEqualTo("qwen");
        assertThat(request.offset()).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void an_inverted_window_is_refused_naming_its_side() {
        assertThatThrownBy(() -> CompareRequest.of("qwen", T, T.plusSeconds(60), "llama", T, T.minusSeconds(60)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("bFrom/bTo: from must be before to");
    }

    @Test
    void a_window_wider_than_a_metrics_query_allows_is_refused() {
        assertThatThrownBy(() -> CompareRequest.of("qwen", T.minus(Duration.ofDays(500)), T, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("aFrom/aTo: a window may span at most 400 days");
    }

    @Test
    void a_blank_deployment_is_refused() {
        assertThatThrownBy(() -> CompareRequest.of(" ", T, T.plusSeconds(60), null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a must name a deployment");
    }
}
