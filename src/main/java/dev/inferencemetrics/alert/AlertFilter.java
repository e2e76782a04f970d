package dev.inferencemetrics.alert;

import dev.inferencemetrics.base.UnusableValueException;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Which alerts to list: those open at some time in [from, to), optionally of one tenant (slug), one deployment
 * (slug) and one state; newest first, at most {@code limit}.
 */
public record AlertFilter(
        Instant from,
        Instant to,
        @Nullable String tenant,
        @Nullable String deployment,
        @Nullable AlertState state,
        int limit) {

    public static final int MAX_LIMIT = 1_000;

    public AlertFilter {
        if (!from.isBefore(to)) {
            throw new UnusableValueException("from must lie before to");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new UnusableValueException("limit must lie between 1 and " + MAX_LIMIT);
        }
    }

    /** The same alerts, {@code limit} at a time. */
    public AlertFilter withLimit(int limit) {
        return new AlertFilter(from, to, tenant, deployment, state, limit);
    }
}
