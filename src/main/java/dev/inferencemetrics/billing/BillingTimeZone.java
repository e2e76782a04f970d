package dev.inferencemetrics.billing;

import dev.inferencemetrics.base.UnusableValueException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.stream.Stream;

/**
 * Which time zones billing days can run in. Days are assembled from half-hour rollups, so a day must start on a
 * half hour: the zone's offset must be a whole number of half hours at every instant since 1970 (Asia/Kolkata, +5:30,
 * qualifies; Asia/Kathmandu, +5:45, does not). Fixed offsets are refused in favour of region names, whose meaning
 * PostgreSQL and Java agree on.
 */
final class BillingTimeZone {

    private static final int HALF_HOUR_SECONDS = 1800;

    private BillingTimeZone() {}

    static void requireUsable(ZoneId zone) {
        if (zone instanceof ZoneOffset) {
            throw new UnusableValueException(
                    "Name a time zone region such as Europe/Berlin or UTC, not a fixed offset (" + zone.getId() + ").");
        }
        if (!hasHalfHourOffsets(zone)) {
            throw new UnusableValueException(
                    zone.getId()
                            + " has an offset from UTC that is not a whole number of half hours; billing days start on a half hour.");
        }
    }

    static boolean isUsable(ZoneId zone) {
        return !(zone instanceof ZoneOffset) && hasHalfHourOffsets(zone);
    }

    static boolean hasHalfHourOffsets(ZoneId zone) {
        ZoneRules rules = zone.getRules();
        Stream<ZoneOffset> transitions = rules.getTransitions().stream()
                .filter(t -> !t.getInstant().isBefore(Instant.EPOCH))
                .map(ZoneOffsetTransition::getOffsetAfter);
        Stream<ZoneOffset> futureRules = rules.getTransitionRules().stream()
                .flatMap(rule -> Stream.of(rule.getOffsetBefore(), rule.getOffsetAfter(), rule.getStandardOffset()));
        return Stream.concat(Stream.of(rules.getOffset(Instant.EPOCH)), Stream.concat(transitions, futureRules))
                .allMatch(offset -> offset.getTotalSeconds() % HALF_HOUR_SECONDS == 0);
    }
}
