package dev.inferencemetrics.ingest;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** How a request ended. Only {@code ok} requests count in latency percentiles; the rest count as errors. */
public enum SampleStatus {
    OK("ok"),
    ERROR("error"),
    TIMEOUT("timeout"),
    CANCELLED("cancelled");

    /** Looked up once per ingested sample, so a map rather than a search of {@link #values()}. */
    private static final Map<String, SampleStatus> BY_CODE =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(SampleStatus::code, Function.identity()));

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

    /** The status {@link #storedValue} stored. */
    static SampleStatus ofStoredValue(short stored) {
        return values()[stored];
    }

    public static Optional<SampleStatus> fromCode(String code) {
        return Optional.ofNullable(BY_CODE.get(code));
    }
}
