package dev.inferencemetrics.alert;

/** What a rule watches. */
public enum RuleKind {
    /** The lower of an objective's burn rates over a long and a short window. */
    BURN_RATE,
    /** The mean KV-cache use (%) of the readings over a window. */
    KV_MEAN,
    /** The mean number of requests waiting per replica over a window, as scraped from the engines' /metrics. */
    WAITING_MEAN
}
