package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadStatisticsTest {

    @Test
    void a_call_that_throws_any_runtime_exception_counts_as_a_failed_call() {
        LoadStatistics statistics = new LoadStatistics();
        statistics.sent(100);

        statistics.attempt(() -> {
            throw new IllegalArgumentException("URI with undefined scheme");
        });

        assertThat(statistics.failedCalls()).isEqualTo(1);
        assertThat(statistics.failures()).isEqualTo(Map.of("IllegalArgumentException", 1L));
        assertThat(statistics.unansweredCalls()).isZero();
    }

    @Test
    void a_call_that_cannot_reach_the_dashboard_counts_as_failed_by_its_exception() {
        LoadStatistics statistics = new LoadStatistics();
        statistics.sent(1);

        statistics.attempt(() -> {
            throw new IOException("connection refused");
        });

        assertThat(statistics.failures()).isEqualTo(Map.of("IOException", 1L));
    }

    @Test
    void a_call_sent_but_neither_answered_nor_failed_is_unanswered() {
        LoadStatistics statistics = new LoadStatistics();
        statistics.sent(100);
        statistics.sent(100);
        statistics.sent(100);

        statistics.answered(200, 100, 0, 12.5);
        statistics.failed("HttpTimeoutException");

        assertThat(statistics.sent()).isEqualTo(300);
        assertThat(statistics.unansweredCalls()).isEqualTo(1);
    }
}
