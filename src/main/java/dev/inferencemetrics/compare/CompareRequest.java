package dev.inferencemetrics.compare;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.metrics.QueryWindow;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What to compare: deployment {@code a} over its window against deployment {@code b} (by default the same) over
 * its window. B's window defaults to the period before A's (of the same length, ending where A's begins) when B is
 * the same deployment, for a deployment against itself over the same times says nothing; to A's window when B is
 * another deployment. Each window follows the rules of a metrics query.
 */
public record CompareRequest(String a, QueryWindow aWindow, String b, QueryWindow bWindow) {

    /**
     * @throws UnusableValueException naming the side whose slug or window is unusable
     */
    public static CompareRequest of(
            String a, Instant aFrom, Instant aTo, @Nullable String b, @Nullable Instant bFrom, @Nullable Instant bTo) {
        if (a.isBlank()) {
            throw new UnusableValueException("a must name a deployment");
        }
        String other = b == null || b.isBlank() ? a : b;
        QueryWindow aWindow = window("a", aFrom, aTo);
        if (other.equals(a) && bFrom == null && bTo == null) {
            Duration length = Duration.between(aWindow.from(), aWindow.to());
            return new CompareRequest(a, aWindow, a, window("b", aWindow.from().minus(length), aWindow.from()));
        }
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
        } catch (UnusableValueException e) {
            throw new UnusableValueException(side + "From/" + side + "To: " + e.getMessage(), e);
        }
    }
}
