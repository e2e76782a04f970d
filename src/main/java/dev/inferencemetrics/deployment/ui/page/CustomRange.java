package dev.inferencemetrics.deployment.ui.page;

import com.vaadin.flow.component.datetimepicker.DateTimePicker;
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
        // day before month, 24-hour clock: not the US format a browser default would give
        from.setLocale(Locale.UK);
        to.setLocale(Locale.UK);
        from.addClassName("custom-range");
        to.addClassName("custom-range");
        to.setErrorMessage("Pick times between the years 1970 and 9999, To after From and at most "
                + QueryWindow.MAX_WINDOW.toDays() + " days later");
        from.addValueChangeListener(event -> picked());
        to.addValueChangeListener(event -> picked());
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
        } catch (IllegalArgumentException outsideTheBounds) {
            to.setInvalid(true);
            return;
        }
        to.setInvalid(false);
        onPicked.accept(picked);
    }
}
