package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The window and step of a metrics query, snapped outward to whole steps. The step follows the window so a chart
 * has about 60–360 points, and is always a whole number of a rollup resolution; the coarsest resolution that
 * divides the step is read.
 */
public record QueryWindow(Instant from, Instant to, Duration step, Resolution resolution) {

    public static final Duration MAX_WINDOW = Duration.ofDays(400);
    public static final int MAX_POINTS = 2_000;

    public QueryWindow {
        if (!from.isBefore(to)) {
            throw new UnusableValueException("from must be before to");
        }
    }

    /**
     * @throws UnusableValueException if the window or step is unusable, with a message for the caller
     */
    public static QueryWindow of(Instant from, Instant to, @Nullable Duration requestedStep) {
        if (!from.isBefore(to)) {
            throw new UnusableValueException("from must be before to");
        }
        Duration length = Duration.between(from, to);
        if (length.compareTo(MAX_WINDOW) > 0) {
            throw new UnusableValueException("a window may span at most " + MAX_WINDOW.toDays() + " days");
        }
        Duration step = requestedStep == null ? defaultStep(length) : requestedStep;
        if (step.compareTo(MAX_WINDOW) > 0) {
            throw new UnusableValueException("step may be at most " + MAX_WINDOW.toDays() + " days");
        }
        if (step.getSeconds() < Resolution.MINUTE.seconds()
                || step.getSeconds() % Resolution.MINUTE.seconds() != 0
                || step.getNano() != 0) {
            throw new UnusableValueException("step must be a whole number of minutes (at least 60 seconds)");
        }
        Instant snappedFrom = floor(from, step);
        Instant snappedTo = ceil(to, step);
        long points = Duration.between(snappedFrom, snappedTo).getSeconds() / step.getSeconds();
        if (points > MAX_POINTS) {
            throw new UnusableValueException(
                    "this step gives " + points + " points; choose a step that gives at most " + MAX_POINTS);
        }
        Resolution resolution =
                step.getSeconds() % Resolution.HALF_HOUR.seconds() == 0 ? Resolution.HALF_HOUR : Resolution.MINUTE;
        return new QueryWindow(snappedFrom, snappedTo, step, resolution);
    }

    /** 1 h → 1 min, 6 h → 1 min, 24 h → 5 min, 7 d → 30 min, 30 d → 2 h; longer: about 360 points. */
    static Duration defaultStep(Duration window) {
        long seconds = window.getSeconds();
        if (seconds <= Duration.ofHours(6).getSeconds()) {
            return Duration.ofMinutes(1);
        }
        if (seconds <= Duration.ofDays(1).getSeconds()) {
            return Duration.ofMinutes(5);
        }
        if (seconds <= Duration.ofDays(7).getSeconds()) {
            return Duration.ofMinutes(30);
        }
        if (seconds <= Duration.ofDays(30).getSeconds()) {
            return Duration.ofHours(2);
        }
        long halfHours = Math.ceilDiv(seconds / 360, Resolution.HALF_HOUR.seconds());
        return Duration.ofSeconds(halfHours * Resolution.HALF_HOUR.seconds());
    }

    public int points() {
        return Math.toIntExact(Duration.between(from, to).getSeconds() / step.getSeconds());
    }

    public Instant intervalStart(int index) {
        return from.plusSeconds(index * step.getSeconds());
    }

    /** Which interval holds {@code bucket}. */
    public int intervalOf(Instant bucket) {
        return Math.toIntExact(Duration.between(from, bucket).getSeconds() / step.getSeconds());
    }

    private static Instant floor(Instant instant, Duration step) {
        long s = step.getSeconds();
        return Instant.ofEpochSecond(Math.floorDiv(instant.getEpochSecond(), s) * s);
    }

    private static Instant ceil(Instant instant, Duration step) {
        Instant floor = floor(instant, step);
        return floor.equals(instant) ? floor : floor.plus(step);
    }
}
