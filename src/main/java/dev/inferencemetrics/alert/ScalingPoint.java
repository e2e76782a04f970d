package dev.inferencemetrics.alert;

import dev.inferencemetrics.capacity.ConcurrencySource;
import dev.inferencemetrics.capacity.KneeFinding;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * Where a deployment should scale, as its concurrency rule reads it: 75 % of the knee of its TTFT tail over the
 * last day ({@link KneeFinding.Knee#scaleAt}), in the units the knee was found in (the scraped running gauge, or
 * Little's law), and in words — also why there is none.
 *
 * @param concurrency the scaling point in requests in flight; null when no knee was found
 * @param readAt when the knee was looked for
 */
public record ScalingPoint(
        @Nullable Double concurrency, @Nullable Double knee, ConcurrencySource source, String note, Instant readAt) {

    static ScalingPoint of(KneeFinding finding, ConcurrencySource source, Instant readAt) {
        return switch (finding) {
            case KneeFinding.Knee knee ->
                new ScalingPoint(
                        knee.scaleAt(),
                        knee.concurrency(),
                        source,
                        String.format(
                                Locale.ROOT,
                                "Tail latency climbs above ~%.1f requests in flight; the rule compares the mean in"
                                        + " flight with the scaling point, %.1f (75 %% of it).",
                                knee.concurrency(),
                                knee.scaleAt()),
                        readAt);
            case KneeFinding.NoKnee none ->
                new ScalingPoint(
                        null,
                        null,
                        source,
                        "No knee: the TTFT tail grew no faster than throughput up to the busiest traffic of the last"
                                + " day, so this rule has nothing to compare with and does not fire.",
                        readAt);
            case KneeFinding.Refusal refusal ->
                new ScalingPoint(
                        null, null, source, "No knee found, so this rule does not fire: " + refusal.reason(), readAt);
        };
    }

    /** No knee looked for yet (the evaluator reads a few deployments' knees a minute). */
    static ScalingPoint notYetRead(Instant now) {
        return new ScalingPoint(
                null,
                null,
                ConcurrencySource.LITTLES_LAW,
                "The knee has not been looked for yet, so this rule does not fire yet.",
                now);
    }

    /** The scaling point, when a knee was found. */
    public OptionalDouble scaleAt() {
        return concurrency == null ? OptionalDouble.empty() : OptionalDouble.of(concurrency);
    }
}
