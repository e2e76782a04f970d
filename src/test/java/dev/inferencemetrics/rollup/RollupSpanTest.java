package dev.inferencemetrics.rollup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RollupSpanTest {

    private static Instant at(String time) {
        return Instant.parse("2026-11-24T" + time + ":00Z");
    }

    @Test
    void an_hour_from_a_ragged_start_is_its_whole_half_hour_and_the_minutes_either_side() {
        RollupSpan span = RollupSpan.of(at("13:05"), at("14:10"));

        assertThat(span.halfHoursFrom()).isEqualTo(at("13:30"));
        assertThat(span.halfHoursTo()).isEqualTo(at("14:00"));
        assertThat(span.halfHours()).isEqualTo(1);
        assertThat(span.minutes()).isEqualTo(25 + 10);
    }

    @Test
    void an_hour_on_half_hours_is_two_half_hours_and_no_minutes() {
        RollupSpan span = RollupSpan.of(at("13:00"), at("14:00"));

        assertThat(span.halfHoursFrom()).isEqualTo(at("13:00"));
        assertThat(span.halfHoursTo()).isEqualTo(at("14:00"));
        assertThat(span.halfHours()).isEqualTo(2);
        assertThat(span.minutes()).isZero();
    }

    @Test
    void a_window_without_a_whole_half_hour_is_all_minutes() {
        RollupSpan span = RollupSpan.of(at("13:05"), at("13:55"));

        assertThat(span.halfHours()).isZero();
        assertThat(span.minutes()).isEqualTo(50);
        assertThat(span.halfHoursFrom()).isEqualTo(span.to());
    }

    @Test
    void a_span_covers_every_minute_of_its_window_exactly_once() {
        for (int startMinute = 0; startMinute < 60; startMinute += 5) {
            for (int length : new int[] {60, 65}) {
                Instant from = at("13:00").plusSeconds(startMinute * 60L);
                RollupSpan span = RollupSpan.of(from, from.plusSeconds(length * 60L));
                assertThat(span.minutes() + 30 * span.halfHours()).isEqualTo(length);
                assertThat(span.halfHours()).isBetween(1L, 2L);
            }
        }
    }

    @Test
    void a_window_off_the_minute_is_refused() {
        assertThatThrownBy(() -> RollupSpan.of(at("13:00").plusSeconds(1), at("14:00")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RollupSpan.of(at("14:00"), at("13:00"))).isInstanceOf(IllegalArgumentException.class);
    }
}
