package dev.inferencemetrics.apikey;

import java.util.Arrays;
import java.util.Optional;

/** What an API key may do. */
public enum ApiScope {
    INGEST("ingest"),
    METRICS_READ("metrics:read"),
    USAGE_READ("usage:read"),
    ALERTS_WRITE("alerts:write"),
    SOURCES_WRITE("sources:write");

    private final String code;

    ApiScope(String code) {
        this.code = code;
    }

    /** The name used in the API and stored with the key. */
    public String code() {
        return code;
    }

    /** The Spring Security authority a key with this scope holds. */
    public String authority() {
        return "SCOPE_" + code;
    }

    public static Optional<ApiScope> fromCode(String code) {
        return Arrays.stream(values()).filter(scope -> scope.code.equals(code)).findFirst();
    }
}
