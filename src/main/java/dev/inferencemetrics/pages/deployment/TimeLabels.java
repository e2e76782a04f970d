package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.base.ui.PageTimeZone;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Instants as a person reads them in one time zone: to the minute, with the date, and the zone named. */
final class TimeLabels {

    private static final DateTimeFormatter DAY_AND_TIME =
            DateTimeFormatter.ofPattern("d MMM yyyy HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH);

    private final PageTimeZone zone;

    TimeLabels(PageTimeZone zone) {
        this.zone = zone;
    }

    /** "23 Nov 2026 14:02 – 15:02 UTC", or with both dates when the span crosses midnight. */
    String span(Instant from, Instant to) {
        ZonedDateTime start = from.atZone(zone.zone());
        ZonedDateTime end = to.atZone(zone.zone());
        boolean sameDay = LocalDate.from(start).equals(LocalDate.from(end));
        return DAY_AND_TIME.format(start) + " – " + (sameDay ? TIME : DAY_AND_TIME).format(end) + " " + zone.name();
    }
}
