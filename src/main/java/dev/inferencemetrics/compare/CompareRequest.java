package dev.inferencemetrics.compare;

import dev.inferencemetrics.metrics.QueryWindow;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What to compare: deployment {@code a} over its window against deployment {@code b} (by default the same) over
 * its window (by default the same times). Each window follows the rules of a metrics query.
 */
public record CompareRequest(String a, QueryWindow aWindow, String b, QueryWindow bWindow) {

    /**
     * @throws IllegalArgumentException naming the side whose slug or window is unusable
     */
    public static CompareRequest of(
            String a, Instant aFrom, Instant aTo, @Nullable String b, @Nullable Instant bFrom, @Nullable Instant bTo) {
        if (a.isBlank()) {
            throw new IllegalArgumentException("a must name a deployment");
        }
        String other = b == null || b.isBlank() ? a : b;
        QueryWindow aWindow = window("a", aFrom, aTo);
        QueryWindow bWindow = window("b", bFrom == null ? aFrom : bFrom, bTo == null ? aTo : bTo);
        return new CompareRequest(a, aWindow, other, bWindow);
    }

    /** How far side B's window starts after side A's: what shifts B onto A's time axis in an overlay. */
    public Duration offset() {
        return Duration.between(aWindow.from(), bWindow.from());
    }

    private static QueryWindow window(String side, Instant from, Instant to) {
        try {
            return QueryWindow.of(from, to, null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(side + "From/" + side + "To: " + e.getMessage(), e);
        }
    }
}
