package dev.inferencemetrics.metrics;

import org.jspecify.annotations.Nullable;

/** Where a window's p95, or its error rate, stands against its SLO threshold. */
public enum SloState {
    /** p95 comfortably within the threshold */
    MET,
    /** p95 within the threshold but above 90 % of it */
    AT_RISK,
    /** p95 above the threshold */
    BREACHED,
    /** nothing measured, or no SLO for this metric */
    NO_DATA;

    static final double AT_RISK_SHARE = 0.9;

    public static SloState of(@Nullable Double p95, @Nullable Double threshold) {
        if (p95 == null || threshold == null) {
            return NO_DATA;
        }
        if (p95 > threshold) {
            return BREACHED;
        }
        return p95 > AT_RISK_SHARE * threshold ? AT_RISK : MET;
    }

    /**
     * Where a window's error rate stands against the deployment's limit (percent of requests): breached above it,
     * near it above 90 % of it.
     */
    public static SloState ofErrors(long requests, long errors, double limitPct) {
        if (requests == 0) {
            return NO_DATA;
        }
        return of(100.0 * errors / requests, limitPct);
    }

    public String label() {
        return switch (this) {
            case MET -> "Within SLO";
            case AT_RISK -> "Near SLO";
            case BREACHED -> "SLO breached";
            case NO_DATA -> "No SLO data";
        };
    }
}
