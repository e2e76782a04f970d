package dev.inferencemetrics.capacity;

/** Where a window's concurrency comes from. */
public enum ConcurrencySource {
    /** The engines' scraped "requests running" gauge: the mean reading, so per replica. */
    RUNNING_GAUGE("requests in flight per replica (scraped running gauge)"),
    /** Little's law, L = λW: arrivals per second × mean E2E of the interval's ok requests, the whole deployment. */
    LITTLES_LAW("requests in flight (Little's law: arrivals/s × mean E2E)");

    private final String description;

    ConcurrencySource(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
