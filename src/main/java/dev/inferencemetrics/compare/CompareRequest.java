package dev.inferencemetrics.compare;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.rollup.DimensionValue;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What to compare: deployment {@code a} over its window against deployment {@code b} (by default the same) over
 * its window, each side all of its deployment's requests or those of one value of a dimension ({@code aFilter},
 * {@code bFilter}; null for all, never inherited by the other side). B's window defaults to the period before A's (of
 * the same length, ending where A's begins) when B is the same deployment with the same filter, for the same requests
 * over the same times say nothing; to A's window when B is another deployment or another value (acme against beta).
 * Each window follows the rules of a metrics query.
 */
public record CompareRequest(
        String a,
        QueryWindow aWindow,
        @Nullable DimensionValue aFilter,
        String b,
        QueryWindow bWindow,
        @Nullable DimensionValue bFilter) {

    /** Both sides over all their deployments' requests. */
    public static CompareRequest of(
            String a, Instant aFrom, Instant aTo, @Nullable String b, @Nullable Instant bFrom, @Nullable Instant bTo) {
        return of(a, aFrom, aTo, null, b, bFrom, bTo, null);
    }

    /**
     * @throws UnusableValueException naming the side whose slug or window is unusable
     */
    public static CompareRequest of(
            String a,
            Instant aFrom,
            Instant aTo,
            @Nullable DimensionValue aFilter,
            @Nullable String b,
            @Nullable Instant bFrom,
            @Nullable Instant bTo,
            @Nullable DimensionValue bFilter) {
        if (a.isBlank()) {
            throw new UnusableValueException("a must name a deployment");
        }
        String other = b == null || b.isBlank() ? a : b;
        QueryWindow aWindow = window("a", aFrom, aTo);
        if (other.equals(a) && Objects.equals(aFilter, bFilter) && bFrom == null && bTo == null) {
            Duration length = Duration.between(aWindow.from(), aWindow.to());
            return new CompareRequest(
                    a, aWindow, aFilter, a, window("b", aWindow.from().minus(length), aWindow.from()), bFilter);
        }
        QueryWindow bWindow = window("b", bFrom == null ? aFrom : bFrom, bTo == null ? aTo : bTo);
        return new CompareRequest(a, aWindow, aFilter, other, bWindow, bFilter);
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
