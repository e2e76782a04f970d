package dev.inferencemetrics.alert;

/** What a rule watches. */
public enum RuleKind {
    /** The lower of an objective's burn rates over a long and a short window. */
    BURN_RATE,
    /** The mean KV-cache use (%) of the readings over a window. */
    KV_MEAN,
    /** The mean number of requests waiting per replica over a window, as scraped from the engines' /metrics. */
    WAITING_MEAN,
    /**
     * The mean number of requests in flight over a window as a percentage of the deployment's scaling point (75 % of
     * the knee of its TTFT tail, {@code KneeFinding.Knee#scaleAt}); no value while no knee is found.
     */
    CONCURRENCY_MEAN,
    /**
     * The requests over the window of the busiest consumer whose TTFT compliance is below the TTFT objective's
     * target, so that the threshold is the least number of requests a consumer must have for its breach to count; 0
     * while every consumer with as many requests meets the objective. No value while the TTFT objective is off.
     */
    CONSUMER_TTFT
}
