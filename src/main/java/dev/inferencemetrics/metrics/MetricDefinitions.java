package dev.inferencemetrics.metrics;

/** One-line definitions shown beside every metric. */
public final class MetricDefinitions {

    public static final String TTFT =
            "Time to first token: from request arrival to the first output token (queue + prefill + network).";
    public static final String ITL = "Inter-token latency: the gap between consecutive output tokens during decode,"
            + " measured over token gaps, not requests.";
    public static final String E2E = "End-to-end latency: from request arrival to the last output token.";
    public static final String KV_CACHE = "KV-cache usage: the share of KV-cache blocks in use on a replica;"
            + " time-weighted mean over the window, with the peak reading.";
    public static final String TAIL = "Tail ratio: p99 ÷ p50 over the window.";
    public static final String MAX_P99 = "Max P99: the highest p99 among the chart's intervals, at the interval"
            + " the card names; a longer interval smooths short bursts, so it can be lower over a longer window.";
    public static final String ERRORS = "Errors: the share of requests that ended other than ok (error, timeout or"
            + " cancelled); the SLO state turns breached above the deployment's error-rate limit.";

    public static final String THROUGHPUT = "Throughput: input (prompt) and output (generated) tokens per second over"
            + " the window, apart, since prefill-heavy and decode-heavy work differ; their sum is labelled input +"
            + " output tokens/s.";

    private MetricDefinitions() {}
}
