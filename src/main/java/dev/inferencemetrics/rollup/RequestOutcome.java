package dev.inferencemetrics.rollup;

/**
 * How a request counts for goodput: good, or the one breach that made it not good. Failures come first (by their
 * status), then, among ok requests, an incomplete answer (stopped by its token budget), then the thresholds in the
 * order TTFT, ITL (time per output token), E2E; so each request counts in exactly one of these.
 */
public enum RequestOutcome {
    GOOD,
    INCOMPLETE,
    TTFT_BREACH,
    ITL_BREACH,
    E2E_BREACH,
    ERROR,
    TIMEOUT,
    CANCELLED;

    /** Whether the request ended ok (its status), good or not. */
    public boolean ok() {
        return ordinal() <= E2E_BREACH.ordinal();
    }
}
