package dev.inferencemetrics.ingest;

import java.util.Arrays;
import java.util.Optional;

/** How a request ended. Only {@code ok} requests count in latency percentiles; the rest count as errors. */
public enum SampleStatus {
    OK("ok"),
    ERROR("error"),
    TIMEOUT("timeout"),
    CANCELLED("cancelled");

    private final String code;

    SampleStatus(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** The value stored in {@code request_sample.status}. */
    short storedValue() {
        return (short) ordinal();
    }

    public static Optional<SampleStatus> fromCode(String code) {
        return Arrays.stream(values()).filter(s -> s.code.equals(code)).findFirst();
    }
}
