package dev.inferencemetrics.metrics;

import dev.inferencemetrics.api.DurationParameter;
import dev.inferencemetrics.api.InstantParameter;
import io.swagger.v3.oas.annotations.Parameter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The {@code from}, {@code to} and {@code step} query parameters of the rollup reads, bound and documented once for
 * every endpoint that takes them.
 */
record WindowParameters(
        @Parameter(description = "ISO-8601 instant; default: an hour before to") @Nullable
        String from,

        @Parameter(description = "ISO-8601 instant; default: now") @Nullable
        String to,

        @Parameter(description = "ISO-8601 duration (PT5M) or seconds (300); default follows the window") @Nullable
        String step) {

    private static final Duration DEFAULT_WINDOW = Duration.ofHours(1);

    /**
     * The window the parameters name: {@code to} defaults to now, {@code from} to an hour before {@code to}, the step to
     * what the window's width calls for.
     *
     * @throws dev.inferencemetrics.base.UnusableValueException with a reason for the caller if the window is unusable
     */
    QueryWindow window(Clock clock) {
        Instant end = to == null ? clock.instant() : InstantParameter.parse("to", to);
        Instant start = from == null ? end.minus(DEFAULT_WINDOW) : InstantParameter.parse("from", from);
        return QueryWindow.of(
                start, end, step == null || step.isBlank() ? null : DurationParameter.parse("step", step));
    }
}
