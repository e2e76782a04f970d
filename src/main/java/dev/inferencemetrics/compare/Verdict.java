package dev.inferencemetrics.compare;

/** Whether a difference between the two sides is larger than the noise, by the rule in {@link NoiseRule}. */
public enum Verdict {
    BEYOND_NOISE,
    WITHIN_NOISE,
    /** One side has no observations of this figure. */
    NO_DATA,
    /** No test applies to this figure (tokens/s, KV-cache mean): the delta is shown without a verdict. */
    NOT_TESTED
}
