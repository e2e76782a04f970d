package dev.inferencemetrics.base.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.page.ExtendedClientDetails;
import com.vaadin.flow.server.VaadinRequest;
import com.vaadin.flow.server.VaadinResponse;
import jakarta.servlet.http.Cookie;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The one time zone rule of the pages that show instants: the viewer's own zone (the browser's) unless they switch
 * to UTC. The choice is remembered in a cookie, so it outlives a reload and a new sign-in on the same browser.
 */
public record PageTimeZone(ZoneId zone, boolean utc) {

    static final String COOKIE = "im-time-zone";
    private static final String UTC_CHOICE = "utc";
    /** How the pages write a date, "26 Nov 2026"; the date pickers' own pattern (date-fns) reads the same. */
    public static final String DATE_PATTERN = "d MMM yyyy";

    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern(DATE_PATTERN + " HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter SECOND =
            DateTimeFormatter.ofPattern(DATE_PATTERN + " HH:mm:ss", Locale.ENGLISH);

    /** The zone in force for this UI: UTC if the viewer chose it, else the browser's zone (UTC if unknown). */
    public static PageTimeZone of(@Nullable UI ui) {
        return rememberedUtc() ? utcZone() : viewers(ui);
    }

    public static PageTimeZone utcZone() {
        return new PageTimeZone(ZoneOffset.UTC, true);
    }

    public static PageTimeZone viewers(@Nullable UI ui) {
        ExtendedClientDetails details = ui == null ? null : ui.getPage().getExtendedClientDetails();
        String id = details == null ? null : details.getTimeZoneId();
        if (id == null || id.isBlank()) {
            return new PageTimeZone(ZoneOffset.UTC, false);
        }
        try {
            return new PageTimeZone(ZoneId.of(id), false);
        } catch (DateTimeException e) {
            return new PageTimeZone(ZoneOffset.UTC, false);
        }
    }

    /** Remembers the viewer's choice for this browser. */
    public static void remember(boolean utc) {
        VaadinResponse response = VaadinResponse.getCurrent();
        if (response != null) {
            Cookie cookie = new Cookie(COOKIE, utc ? UTC_CHOICE : "viewer");
            cookie.setPath("/");
            cookie.setHttpOnly(true);
            cookie.setMaxAge((int) Duration.ofDays(365).toSeconds());
            response.addCookie(cookie);
        }
    }

    private static boolean rememberedUtc() {
        VaadinRequest request = VaadinRequest.getCurrent();
        Cookie[] cookies = request == null ? null : request.getCookies();
        return cookies != null
                && Arrays.stream(cookies).anyMatch(c -> COOKIE.equals(c.getName()) && UTC_CHOICE.equals(c.getValue()));
    }

    /** "23 Nov 2026 14:02 Europe/Berlin": to the minute, in this zone, naming it. */
    public String format(Instant instant) {
        return minute(instant) + " " + name();
    }

    /** "23 Nov 2026 14:02": to the minute, in this zone, for a column whose header names the zone. */
    public String minute(Instant instant) {
        return MINUTE.format(instant.atZone(zone));
    }

    /** "23 Nov 2026 14:02:17": to the second, in this zone, for a line that names the zone once. */
    public String toSecond(Instant instant) {
        return SECOND.format(instant.atZone(zone));
    }

    /** How the zone is named on axes, tooltips and labels: "UTC" or the IANA name, such as "Europe/Berlin". */
    public String name() {
        return zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }
}
