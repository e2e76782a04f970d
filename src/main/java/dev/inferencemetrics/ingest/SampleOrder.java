package dev.inferencemetrics.ingest;

/**
 * What a page of raw request samples can be ordered by. Each is a SQL expression over {@code request_sample} that the
 * keyset cursor compares as a double: a missing latency (a failed request) sorts as −1, below every real one.
 */
public enum SampleOrder {
    TTFT("ttft_ms"),
    ITL(SampleOrder.ITL_MS),
    E2E("e2e_ms"),
    QUEUE("queue_ms"),
    TIME("extract(epoch from ts) * 1000000"),
    INPUT("input_tokens"),
    OUTPUT("output_tokens");

    /**
     * A request's mean inter-token latency: its {@code tpotMs} when sent, otherwise its decode time over its token
     * gaps, (E2E − TTFT) ÷ (output tokens − 1).
     */
    static final String ITL_MS =
            "coalesce(tpot_ms, case when output_tokens > 1 then (e2e_ms - ttft_ms)" + " / (output_tokens - 1) end)";

    private final String expression;

    SampleOrder(String expression) {
        this.expression = expression;
    }

    /** The key the cursor compares, never null. */
    String key() {
        return "coalesce((" + expression + ")::double precision, -1)";
    }
}
