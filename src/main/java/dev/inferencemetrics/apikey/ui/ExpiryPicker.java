package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.datepicker.DatePicker;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/** The optional last day of a new key: from tomorrow on (UTC); the key stops working at the start of that day. */
class ExpiryPicker extends DatePicker {

    /** The last day the database can hold as an expiry in every zone, and all anyone needs. */
    private static final LocalDate LAST_EXPIRY = LocalDate.of(9999, 12, 30);

    ExpiryPicker(Clock clock) {
        super("Expires (optional)");
        setMin(clock.instant().atZone(ZoneOffset.UTC).toLocalDate().plusDays(1));
    }

    /** False, with the field marked in plain words, for a day past what an expiry can be. */
    boolean isWithinRange() {
        if (getValue() != null && getValue().isAfter(LAST_EXPIRY)) {
            setErrorMessage("Pick a day before the year 10000, or none");
            setInvalid(true);
            return false;
        }
        return true;
    }

    @Nullable
    Instant expiresAt() {
        return getValue() == null
                ? null
                : getValue().atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
