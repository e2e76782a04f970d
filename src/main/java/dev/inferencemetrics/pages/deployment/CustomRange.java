package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.function.Consumer;

/** The From and To pickers of a custom range, read and written in the page's time zone. */
final class CustomRange {

    final DateTimePicker from = new DateTimePicker();
    final DateTimePicker to = new DateTimePicker();
    private final Consumer<TimeRange> onPicked;
    private PageTimeZone zone = PageTimeZone.utcZone();
    private boolean adjusting;

    CustomRange(Consumer<TimeRange> onPicked) {
        this.onPicked = onPicked;
        // 24-hour clock, and the date written as everywhere else on the page ("26 Nov 2026"); typed dates may also
        // be day/month/year or ISO
        from.setLocale(Locale.UK);
        to.setLocale(Locale.UK);
        from.setDatePickerI18n(dates());
        to.setDatePickerI18n(dates());
        from.addClassName("custom-range");
        to.addClassName("custom-range");
        to.setErrorMessage("Pick times between the years 1970 and 9999, To after From and at most "
                + QueryWindow.MAX_WINDOW.toDays() + " days later");
        from.addValueChangeListener(event -> picked());
        to.addValueChangeListener(event -> picked());
    }

    private static DatePicker.DatePickerI18n dates() {
        return new DatePicker.DatePickerI18n().setDateFormats(PageTimeZone.DATE_PATTERN, "d/M/yyyy", "yyyy-MM-dd");
    }

    void inZone(PageTimeZone zone) {
        this.zone = zone;
        from.setLabel("From (" + zone.name() + ")");
        to.setLabel("To (" + zone.name() + ")");
    }

    void setVisible(boolean visible) {
        from.setVisible(visible);
        to.setVisible(visible);
    }

    /** Shows this window without applying it: the change events of a half-updated pair must not count. */
    void show(Instant start, Instant end) {
        adjusting = true;
        from.setValue(LocalDateTime.ofInstant(start, zone.zone()));
        to.setValue(LocalDateTime.ofInstant(end, zone.zone()));
        adjusting = false;
    }

    private void picked() {
        if (adjusting || from.getValue() == null || to.getValue() == null) {
            return;
        }
        Instant start = from.getValue().atZone(zone.zone()).toInstant();
        Instant end = to.getValue().atZone(zone.zone()).toInstant();
        TimeRange picked;
        try {
            picked = TimeRange.custom(start, end);
        } catch (UnusableValueException outsideTheBounds) {
            to.setInvalid(true);
            return;
        }
        to.setInvalid(false);
        onPicked.accept(picked);
    }
}
