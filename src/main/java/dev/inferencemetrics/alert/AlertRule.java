package dev.inferencemetrics.alert;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A rule of one deployment: it fires once its value has been at least {@code threshold} for {@code forDuration},
 * and resolves only when the value falls below {@code clearBelow} — the gap between the two is the hysteresis that
 * keeps a value hovering at the threshold from paging twice. Windows of an hour or less are counted at the minute
 * grain, longer ones at the half-hour grain, so they must be whole minutes or whole half hours.
 */
public record AlertRule(
        long id,
        long tenantId,
        long deploymentId,
        String name,
        RuleKind kind,
        @Nullable SloKind objective,
        Severity severity,
        double threshold,
        double clearBelow,
        Duration longWindow,
        @Nullable Duration shortWindow,
        Duration forDuration,
        boolean enabled) {

    static final Duration MINUTE_GRAIN_UP_TO = Duration.ofHours(1);
    static final Duration LONGEST_WINDOW = Duration.ofDays(28);

    /** The window every consumer rule judges its consumers over; all of them are read by one statement. */
    static final Duration CONSUMER_WINDOW = Duration.ofHours(1);

    /** The share of an objective's largest possible burn that a burn-rate rule asks for at most. */
    public static final double REACHABLE_SHARE_OF_MAX_BURN = 0.5;

    public AlertRule {
        if (name.isBlank() || name.length() > 80) {
            throw new IllegalArgumentException("a rule needs a name of 1 to 80 characters");
        }
        if (!(Double.isFinite(threshold) && threshold > 0)) {
            throw new UnusableValueException("threshold must be a positive number");
        }
        if (!(Double.isFinite(clearBelow) && clearBelow > 0 && clearBelow <= threshold)) {
            throw new UnusableValueException("clear-below must be positive and at most the threshold");
        }
        if (kind == RuleKind.CONCURRENCY_MEAN && longWindow.compareTo(MINUTE_GRAIN_UP_TO) > 0) {
            throw new IllegalArgumentException("a concurrency rule's window is at most an hour");
        }
        if (kind == RuleKind.CONSUMER_TTFT && !longWindow.equals(CONSUMER_WINDOW)) {
            throw new IllegalArgumentException("a consumer rule's window is " + Windows.label(CONSUMER_WINDOW));
        }
        if (kind == RuleKind.KV_MEAN && threshold > 100) {
            throw new UnusableValueException("a KV-cache threshold is a percentage, at most 100");
        }
        if ((kind == RuleKind.BURN_RATE) != (objective != null && shortWindow != null)) {
            throw new IllegalArgumentException(
                    "a burn-rate rule needs an objective and a short window; a KV, waiting, concurrency or"
                            + " consumer rule has neither");
        }
        checkWindow("window", longWindow);
        if (shortWindow != null) {
            checkWindow("short window", shortWindow);
            if (shortWindow.compareTo(longWindow) > 0) {
                throw new IllegalArgumentException("the short window must not be longer than the long one");
            }
        }
        if (forDuration.isNegative() || forDuration.compareTo(Duration.ofDays(1)) > 0) {
            throw new UnusableValueException("for must lie between 0 and 24 hours");
        }
    }

    /** The same rule with new settings, as an operator or tenant admin edits it. */
    public AlertRule withSettings(double threshold, double clearBelow, Duration forDuration, boolean enabled) {
        return new AlertRule(
                id,
                tenantId,
                deploymentId,
                name,
                kind,
                objective,
                severity,
                threshold,
                clearBelow,
                longWindow,
                shortWindow,
                forDuration,
                enabled);
    }

    /** "TTFT burn 14.4× over 1 h and 5 min", "KV mean ≥ 90 % over 5 min". */
    public String condition() {
        return switch (kind) {
            case BURN_RATE ->
                "%s burn ≥ %s× over %s and %s"
                        .formatted(
                                objective == null ? "" : objective.label(),
                                number(threshold),
                                Windows.label(longWindow),
                                Windows.label(shortWindow == null ? longWindow : shortWindow));
            case KV_MEAN -> "KV mean ≥ %s %% over %s".formatted(number(threshold), Windows.label(longWindow));
            case WAITING_MEAN ->
                "waiting ≥ %s per replica over %s".formatted(number(threshold), Windows.label(longWindow));
            case CONCURRENCY_MEAN ->
                "in flight ≥ %s %% of the scaling point over %s"
                        .formatted(number(threshold), Windows.label(longWindow));
            case CONSUMER_TTFT ->
                "a consumer with ≥ %s requests outside the TTFT objective over %s"
                        .formatted(number(threshold), Windows.label(longWindow));
        };
    }

    /**
     * The rule as evaluated against {@code objective}: a burn-rate rule asks for at most half the objective's largest
     * possible burn ({@link SloObjective#maxBurnRate}), so a total regression reaches its threshold within half its
     * long window whatever the target — the fast burn's 14.4× could never fire on a 93 % objective, and takes 43
     * minutes of a total regression on a 95 % one. Its clear level scales with it. Other rules are as stored.
     */
    public AlertRule reachableFor(SloObjective objective) {
        if (kind != RuleKind.BURN_RATE) {
            return this;
        }
        double reachable = REACHABLE_SHARE_OF_MAX_BURN * objective.maxBurnRate();
        if (threshold <= reachable) {
            return this;
        }
        return withSettings(reachable, clearBelow * reachable / threshold, forDuration, enabled);
    }

    private static String number(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static void checkWindow(String what, Duration window) {
        if (window.compareTo(Duration.ofMinutes(1)) < 0 || window.compareTo(LONGEST_WINDOW) > 0) {
            throw new IllegalArgumentException(what + " must lie between 1 minute and 28 days");
        }
        long grain = window.compareTo(MINUTE_GRAIN_UP_TO) <= 0 ? 60 : 1800;
        if (window.toSeconds() % grain != 0) {
            throw new IllegalArgumentException(what + " must be whole minutes up to an hour, whole half hours beyond");
        }
    }
}
