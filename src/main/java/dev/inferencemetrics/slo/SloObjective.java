package dev.inferencemetrics.slo;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.rollup.RequestRollup;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * "target % of events are good": latency within {@code thresholdMs}, (availability) status ok, or (goodput) good by
 * the deployment's goodput SLO. The error budget
 * is the remaining {@code 100 − target} %; a disabled objective is kept but neither budgeted nor alerted on.
 */
public record SloObjective(
        SloKind kind, double targetPct, @Nullable Double thresholdMs, boolean enabled) {

    public SloObjective {
        if (!(targetPct > 0 && targetPct < 100)) {
            throw new UnusableValueException("target must lie between 0 and 100 %, exclusive: " + targetPct);
        }
        if (kind.hasThreshold() != (thresholdMs != null)) {
            throw new UnusableValueException(
                    kind.hasThreshold()
                            ? kind.label() + " needs a threshold"
                            : kind.label().toLowerCase(java.util.Locale.ROOT) + " takes no threshold");
        }
        if (thresholdMs != null && !(thresholdMs > 0 && thresholdMs < 1e9)) {
            throw new UnusableValueException("threshold must be a positive number of ms: " + thresholdMs);
        }
    }

    /** The share of events allowed to be bad, e.g. 0.05 for a 95 % target. */
    public double allowedBadFraction() {
        return (100 - targetPct) / 100;
    }

    /**
     * The largest burn rate the objective can show, when every event is bad: 1 ÷ the allowed bad fraction (20× for a
     * 95 % target, 1,000× for 99.9 %). A rule asking for more could never fire.
     */
    public double maxBurnRate() {
        return 1 / allowedBadFraction();
    }

    /** Bad fraction ÷ allowed bad fraction: 1 spends the budget exactly over the period, 14.4 in 1/14.4 of it. */
    public double burnRate(EventCounts counts) {
        return counts.badFraction() / allowedBadFraction();
    }

    /** The burn rate over the events of one (merged) rollup; empty when it holds none. */
    public OptionalDouble burnRate(RequestRollup rollup) {
        EventCounts counts = kind.count(rollup, thresholdMs == null ? 0 : thresholdMs);
        return counts.total() == 0 ? OptionalDouble.empty() : OptionalDouble.of(burnRate(counts));
    }

    public String describe() {
        String target = MetricNumber.of(targetPct) + " % of " + kind.events();
        if (kind == SloKind.GOODPUT) {
            return target + " good by the goodput SLO";
        }
        return thresholdMs == null
                ? target + " answered ok"
                : target + " with " + kind.label() + " ≤ " + MetricNumber.of(thresholdMs) + " ms";
    }
}
