package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.RequestOutcome;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoodputRuleTest {

    private static final GoodputSlo ALL = new GoodputSlo(200.0, 20.0, 2_000.0);

    @Test
    void time_per_output_token_is_decode_time_over_the_gaps_as_vllm_computes_it() {
        // (1_000 − 100) ÷ (46 − 1) = 20 ms: exactly at the threshold, which a good request may reach
        RequestSample sample = ok(100.0, 1_000.0, null, null, 46);

        assertThat(GoodputRule.tpotMs(sample)).isEqualTo(20.0);
        assertThat(GoodputRule.outcome(sample, ALL)).isEqualTo(RequestOutcome.GOOD);
        assertThat(GoodputRule.outcome(ok(100.0, 1_001.0, null, null, 46), ALL)).isEqualTo(RequestOutcome.ITL_BREACH);
    }

    @Test
    void without_ttft_the_sent_mean_or_the_mean_of_the_gaps_stands_for_the_time_per_output_token() {
        assertThat(GoodputRule.tpotMs(ok(null, 900.0, 31.0, null, 10))).isEqualTo(31.0);
        assertThat(GoodputRule.tpotMs(ok(null, 900.0, null, new float[] {10, 20, 60}, 4)))
                .isEqualTo(30.0);
        assertThat(GoodputRule.tpotMs(ok(null, 900.0, null, null, 10))).isNull();
    }

    @Test
    void one_output_token_or_none_has_a_time_per_output_token_of_zero_as_in_vllm() {
        assertThat(GoodputRule.tpotMs(ok(100.0, 5_000.0, null, null, 1))).isEqualTo(0.0);
        assertThat(GoodputRule.tpotMs(ok(100.0, 5_000.0, null, null, 0))).isEqualTo(0.0);
    }

    @ParameterizedTest
    @CsvSource({
        // ttft, e2e, output tokens, finish reason, expected
        "150, 1000, 46, stop, GOOD",
        "150, 1000, 46, length, INCOMPLETE",
        "250, 1000, 46, stop, TTFT_BREACH",
        "150, 1900, 46, stop, ITL_BREACH",
        "150, 2100, 200, stop, E2E_BREACH",
        "250, 5000, 46, length, INCOMPLETE",
        "250, 5000, 46, , TTFT_BREACH",
    })
    void an_ok_request_counts_in_its_first_breach_or_as_good(
            double ttft, double e2e, int outputTokens, @Nullable String finishReason, RequestOutcome expected) {
        RequestSample sample = new RequestSample(
                "r", Instant.EPOCH, SampleStatus.OK, ttft, e2e, null, null, 10, outputTokens, null, finishReason);

        assertThat(GoodputRule.outcome(sample, ALL)).isEqualTo(expected);
    }

    @Test
    void failed_requests_count_by_their_status() {
        for (SampleStatus status :
                new SampleStatus[] {SampleStatus.ERROR, SampleStatus.TIMEOUT, SampleStatus.CANCELLED}) {
            RequestSample failed =
                    new RequestSample("r", Instant.EPOCH, status, null, null, null, null, 10, 3, null, null);
            assertThat(GoodputRule.outcome(failed, ALL).name()).isEqualTo(status.name());
        }
    }

    @Test
    void a_threshold_not_given_is_not_judged_and_a_missing_measure_misses_one_that_is() {
        RequestSample slowButStreamless = ok(null, 60_000.0, null, null, 500);

        assertThat(GoodputRule.outcome(slowButStreamless, new GoodputSlo(null, null, null)))
                .isEqualTo(RequestOutcome.GOOD);
        assertThat(GoodputRule.outcome(slowButStreamless, new GoodputSlo(200.0, null, null)))
                .isEqualTo(RequestOutcome.TTFT_BREACH);
        assertThat(GoodputRule.outcome(slowButStreamless, new GoodputSlo(null, 20.0, null)))
                .isEqualTo(RequestOutcome.ITL_BREACH);
    }

    @Test
    void finish_reasons_are_folded_to_lower_case_and_max_tokens_is_length() {
        assertThat(FinishReason.normalised("STOP")).isEqualTo("stop");
        assertThat(FinishReason.normalised("max_tokens")).isEqualTo(FinishReason.LENGTH);
        assertThat(FinishReason.normalised(null)).isNull();
        assertThatThrownBy(() -> FinishReason.normalised("stopped by a bug")).isInstanceOf(InvalidSample.class);
        assertThatThrownBy(() -> FinishReason.normalised("x".repeat(33))).isInstanceOf(InvalidSample.class);
    }

    private static RequestSample ok(
            @Nullable Double ttft, double e2e, @Nullable Double tpot, float @Nullable [] gaps, int outputTokens) {
        return new RequestSample("r", Instant.EPOCH, SampleStatus.OK, ttft, e2e, tpot, gaps, 10, outputTokens, null);
    }
}
