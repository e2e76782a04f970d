package dev.inferencemetrics.billing;

import dev.inferencemetrics.base.UnusableValueException;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Billing days {@code from} (inclusive) to {@code to} (exclusive), as calendar dates in each tenant's billing time
 * zone. At most {@value #MAX_DAYS} days, the default retention of the half-hour rollups usage is summed from.
 */
public record UsagePeriod(LocalDate from, LocalDate to) {

    public static final int MAX_DAYS = 400;
    /** Usage days lie within these (a month may be added to a default end; days become instants in any zone). */
    public static final LocalDate EARLIEST = LocalDate.of(1970, 1, 1);

    public static final LocalDate LATEST = LocalDate.of(9999, 11, 30);

    public UsagePeriod {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!from.isBefore(to)) {
            throw new UnusableValueException("from must be before to (to is exclusive)");
        }
        if (from.isBefore(EARLIEST) || to.isAfter(LATEST.plusDays(1))) {
            throw outsideTheYears();
        }
        if (ChronoUnit.DAYS.between(from, to) > MAX_DAYS) {
            throw new UnusableValueException("a usage period spans at most " + MAX_DAYS + " days");
        }
    }

    public static UsagePeriod month(YearMonth month) {
        return new UsagePeriod(month.atDay(1), month.plusMonths(1).atDay(1));
    }

    public static UsagePeriod thisMonth(LocalDate today) {
        return month(YearMonth.from(today));
    }

    public static UsagePeriod lastMonth(LocalDate today) {
        return month(YearMonth.from(today).minusMonths(1));
    }

    /** The days from {@code first} through {@code last}, both included. */
    public static UsagePeriod through(LocalDate first, LocalDate last) {
        if (last.isAfter(LATEST)) {
            throw outsideTheYears();
        }
        return new UsagePeriod(first, last.plusDays(1));
    }

    private static UnusableValueException outsideTheYears() {
        return new UnusableValueException("usage days lie between " + EARLIEST + " and " + LATEST);
    }

    public LocalDate lastDay() {
        return to.minusDays(1);
    }

    public long days() {
        return ChronoUnit.DAYS.between(from, to);
    }
}
