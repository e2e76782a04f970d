package dev.inferencemetrics.metrics;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a drill-down orders requests by. Each is a SQL expression over {@code request_sample} that the keyset cursor
 * compares as a double: a missing latency (a failed request) sorts as −1, below every real one.
 */
public enum RequestSort {
    TTFT("ttft", "TTFT", "ttft_ms"),
    ITL("itl", "ITL", RequestSort.ITL_MS),
    E2E("e2e", "E2E", "e2e_ms"),
    QUEUE("queue", "queue time", "queue_ms"),
    TIME("time", "time", "extract(epoch from ts) * 1000000"),
    INPUT("input", "input tokens", "input_tokens"),
    OUTPUT("output", "output tokens", "output_tokens");

    /**
     * A request's mean inter-token latency: its {@code tpotMs} when sent, otherwise its decode time over its token
     * gaps, (E2E − TTFT) ÷ (output tokens − 1).
     */
    static final String ITL_MS =
            "coalesce(tpot_ms, case when output_tokens > 1 then (e2e_ms - ttft_ms)" + " / (output_tokens - 1) end)";

    private final String code;
    private final String label;
    private final String expression;

    RequestSort(String code, String label, String expression) {
        this.code = code;
        this.label = label;
        this.expression = expression;
    }

    public String code() {
        return code;
    }

    public String label() {
        return label;
    }

    /** The key the cursor compares, never null. */
    String key() {
        return "coalesce((" + expression + ")::double precision, -1)";
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static RequestSort of(String code) {
        return Arrays.stream(values())
                .filter(sort -> sort.code.equals(code.toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("sort must be one of "
                        + Arrays.stream(values()).map(RequestSort::code).collect(Collectors.joining(", "))));
    }
}
