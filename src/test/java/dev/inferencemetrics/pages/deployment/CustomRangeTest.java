package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class CustomRangeTest {

    private final List<TimeRange> applied = new ArrayList<>();
    private final CustomRange range = new CustomRange(applied::add);

    @Test
    void the_pickers_write_dates_as_the_rest_of_the_page_does() {
        Instant instant = Instant.parse("2026-11-26T09:30:00Z");
        String pageDate = PageTimeZone.utcZone().format(instant).substring(0, "26 Nov 2026".length());

        for (var picker : List.of(range.from, range.to)) {
            String pattern = picker.getDatePickerI18n().getDateFormats().getFirst();
            assertThat(DateTimeFormatter.ofPattern(pattern, Locale.ENGLISH).format(LocalDate.of(2026, 11, 26)))
                    .isEqualTo(pageDate)
                    .isEqualTo("26 Nov 2026");
        }
    }

    @Test
    void times_past_the_year_9999_mark_the_range_invalid_in_plain_words_and_query_nothing() {
        range.from.setValue(LocalDateTime.of(999_999, 12, 1, 0, 0));
        range.to.setValue(LocalDateTime.of(999_999, 12, 2, 0, 0));

        assertThat(range.to.isInvalid()).isTrue();
        assertThat(range.to.getErrorMessage())
                .isEqualTo("Pick times between the years 1970 and 9999, To after From and at most 400 days later");
        assertThat(applied).isEmpty();
    }

    @Test
    void a_range_within_the_bounds_is_applied_and_clears_the_mark() {
        range.from.setValue(LocalDateTime.of(999_999, 12, 1, 0, 0));
        range.to.setValue(LocalDateTime.of(999_999, 12, 2, 0, 0));

        range.from.setValue(LocalDateTime.of(2026, 11, 22, 9, 0));
        range.to.setValue(LocalDateTime.of(2026, 11, 22, 10, 0));

        assertThat(range.to.isInvalid()).isFalse();
        assertThat(applied)
                .containsExactly(
                        TimeRange.custom(Instant.parse("2026-11-22T09:00:00Z"), Instant.parse("2026-11-22T10:00:00Z")));
    }
}
