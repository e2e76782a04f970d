package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.datepicker.DatePicker;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/** The optional last day of a new key: from tomorrow on (UTC); the key stops working at the start of that day. */
class ExpiryPicker extends DatePicker {

    ExpiryPicker(Clock clock) {
        super("Expires (optional)");
        setMin(clock.instant().atZone(ZoneOffset.UTC).toLocalDate().plusDays(1));
    }

    @Nullable
    Instant expiresAt() {
        return getValue() == null
                ? null
                : getValue().atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
