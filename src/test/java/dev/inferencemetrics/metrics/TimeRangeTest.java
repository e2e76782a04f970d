package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TimeRangeTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-22T10:07:30Z"), ZoneOffset.UTC);

    @Test
    void a_preset_in_the_url_reproduces_the_view() {
        TimeRange range = TimeRange.fromQuery(Map.of("range", List.of("24h")));

        assertThat(range).isEqualTo(TimeRange.of(TimeRange.Preset.DAY));
        assertThat(range.toQuery()).containsExactly(Map.entry("range", "24h"));
    }

    @Test
    void a_custom_range_round_trips_through_the_url() {
        TimeRange custom =
                TimeRange.custom(Instant.parse("2026-11-01T00:00:00Z"), Instant.parse("2026-11-02T00:00:00Z"));
        Map<String, List<String>> url = Map.of(
                "from",
                List.of(custom.toQuery().get("from")),
                "to",
                List.of(custom.toQuery().get("to")));

        assertThat(TimeRange.fromQuery(url)).isEqualTo(custom);
    }

    @Test
    void a_missing_or_garbled_range_falls_back_to_the_last_hour() {
        assertThat(TimeRange.fromQuery(Map.of())).isEqualTo(TimeRange.DEFAULT);
        assertThat(TimeRange.fromQuery(Map.of("range", List.of("3y")))).isEqualTo(TimeRange.DEFAULT);
        assertThat(TimeRange.fromQuery(Map.of("from", List.of("yesterday"), "to", List.of("now"))))
                .isEqualTo(TimeRange.DEFAULT);
        assertThat(TimeRange.fromQuery(
                        Map.of("from", List.of("2026-11-02T00:00:00Z"), "to", List.of("2026-11-01T00:00:00Z"))))
                .isEqualTo(TimeRange.DEFAULT);
    }

    @Test
    void a_link_outside_the_years_1970_to_9999_or_over_400_days_falls_back_to_the_last_hour() {
        assertThat(TimeRange.fromQuery(
                        Map.of("from", List.of("9999-12-31T23:00:00Z"), "to", List.of("+10000-01-01T00:00:00Z"))))
                .isEqualTo(TimeRange.DEFAULT);
        assertThat(TimeRange.fromQuery(
                        Map.of("from", List.of("1969-12-31T23:00:00Z"), "to", List.of("1970-01-01T01:00:00Z"))))
                .isEqualTo(TimeRange.DEFAULT);
        assertThat(TimeRange.fromQuery(
                        Map.of("from", List.of("2020-01-01T00:00:00Z"), "to", List.of("2026-01-01T00:00:00Z"))))
                .isEqualTo(TimeRange.DEFAULT);
    }

    @Test
    void presets_end_now_and_their_step_gives_a_readable_number_of_points() {
        QueryWindow day = TimeRange.of(TimeRange.Preset.DAY).window(NOW);
        QueryWindow month = TimeRange.of(TimeRange.Preset.MONTH).window(NOW);

        assertThat(day.step()).isEqualTo(Duration.ofMinutes(5));
        assertThat(day.to()).isEqualTo(Instant.parse("2026-11-22T10:10:00Z"));
        assertThat(month.step()).isEqualTo(Duration.ofHours(2));
        assertThat(month.points()).isBetween(60, 361);
    }
}
