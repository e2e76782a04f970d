package dev.inferencemetrics.deployment;

import dev.inferencemetrics.base.UnusableValueException;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * A deployment's goodput SLO, as vLLM's benchmark takes it ({@code --goodput ttft:<ms> tpot:<ms> e2el:<ms>}): the
 * thresholds in ms a request must meet to count as good, any subset of the three (an absent one is not judged).
 */
public record GoodputSlo(
        @Nullable Double ttftMs,
        @Nullable Double tpotMs,
        @Nullable Double e2elMs) {

    /** The schema keeps thresholds as numeric(12, 3). */
    private static final double LIMIT_MS = 1e9;

    public GoodputSlo {
        check("TTFT", ttftMs);
        check("TPOT", tpotMs);
        check("E2E", e2elMs);
    }

    /** The default: the deployment's TTFT and ITL thresholds, no E2E threshold. */
    public static GoodputSlo defaultFor(BigDecimal ttftMs, BigDecimal itlMs) {
        return new GoodputSlo(ttftMs.doubleValue(), itlMs.doubleValue(), null);
    }

    /** As vLLM writes it: "ttft:500 tpot:50", or "none" when no threshold is given. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        append(text, "ttft", ttftMs);
        append(text, "tpot", tpotMs);
        append(text, "e2el", e2elMs);
        return text.isEmpty() ? "none" : text.toString();
    }

    private static void append(StringBuilder text, String name, @Nullable Double ms) {
        if (ms != null) {
            text.append(text.isEmpty() ? "" : " ")
                    .append(name)
                    .append(':')
                    .append(BigDecimal.valueOf(ms).stripTrailingZeros().toPlainString());
        }
    }

    private static void check(String label, @Nullable Double ms) {
        if (ms == null) {
            return;
        }
        if (!(ms > 0 && ms < LIMIT_MS)) {
            throw new UnusableValueException(
                    "The goodput " + label + " threshold must be a positive number of ms below 1,000,000,000.");
        }
        if (BigDecimal.valueOf(ms).stripTrailingZeros().scale() > 3) {
            throw new UnusableValueException(
                    "The goodput " + label + " threshold takes at most 3 decimals (whole microseconds).");
        }
    }
}
