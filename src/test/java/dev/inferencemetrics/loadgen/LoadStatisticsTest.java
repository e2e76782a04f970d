package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadStatisticsTest {

    @Test
    void a_call_that_throws_any_exception_counts_as_a_failed_call_named_by_its_exception() {
        LoadStatistics statistics = new LoadStatistics();
        statistics.sent(100);
        statistics.sent(100);

        statistics.attempt(() -> {
            throw new IllegalArgumentException("URI with undefined scheme");
        });
        statistics.attempt(() -> {
            throw new IOException("connection refused");
        });

        assertThat(statistics.failedCalls()).isEqualTo(2);
        assertThat(statistics.failures()).isEqualTo(Map.of("IllegalArgumentException", 1L, "IOException", 1L));
        assertThat(statistics.unansweredCalls()).isZero();
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
