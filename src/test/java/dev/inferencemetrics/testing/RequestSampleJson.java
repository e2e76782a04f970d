package dev.inferencemetrics.testing;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds a request sample as a gateway sends it. It starts as a valid ok request, so a test sets only what it is
 * about; {@link #set} and {@link #without} make deliberately wrong samples.
 */
public final class RequestSampleJson implements SampleJson {

    private final Map<String, Object> fields = new LinkedHashMap<>();

    private RequestSampleJson() {}

    public static RequestSampleJson ok(String requestId, Instant ts) {
        return new RequestSampleJson()
                .set("requestId", requestId)
                .set("ts", ts.toString())
                .set("status", "ok")
                .ttft(80.0)
                .e2e(1_200.0)
                .tpot(18.0)
                .tokens(500, 60);
    }

    /** A failed request as gateways report it: a status and token counts, no latencies. */
    public static RequestSampleJson failed(String requestId, Instant ts, String status) {
        return new RequestSampleJson()
                .set("requestId", requestId)
                .set("ts", ts.toString())
                .set("status", status)
                .tokens(500, 0);
    }

    public RequestSampleJson ttft(double ms) {
        return set("ttftMs", ms);
    }

    public RequestSampleJson e2e(double ms) {
        return set("e2eMs", ms);
    }

    /** The mean token gap; counts as {@code outputTokens − 1} gaps. Replaces any listed gaps. */
    public RequestSampleJson tpot(double ms) {
        fields.remove("itlMs");
        return set("tpotMs", ms);
    }

    /** The token gaps themselves. Replaces any mean gap. */
    public RequestSampleJson itl(double... gapsMs) {
        fields.remove("tpotMs");
        return set("itlMs", gapsMs);
    }

    public RequestSampleJson tokens(int input, int output) {
        return set("inputTokens", input).set("outputTokens", output);
    }

    public RequestSampleJson set(String field, Object value) {
        fields.put(field, value);
        return this;
    }

    public RequestSampleJson without(String field) {
        fields.remove(field);
        return this;
    }

    @Override
    public Map<String, Object> toJson() {
        return fields;
    }
}
