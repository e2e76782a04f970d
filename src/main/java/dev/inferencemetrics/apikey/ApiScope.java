package dev.inferencemetrics.apikey;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** What an API key may do. */
public enum ApiScope {
    INGEST("ingest"),
    METRICS_READ("metrics:read"),
    USAGE_READ("usage:read"),
    ALERTS_WRITE("alerts:write"),
    SOURCES_WRITE("sources:write"),
    /** Provisioning tenants and deployments; only operator keys carry it, and they carry nothing else. */
    ADMIN("admin");

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

    /** The scopes a tenant's key may carry: all but {@link #ADMIN}. */
    public static Set<ApiScope> tenantScopes() {
        return EnumSet.complementOf(EnumSet.of(ADMIN));
    }

    public static Optional<ApiScope> fromCode(String code) {
        return Arrays.stream(values()).filter(scope -> scope.code.equals(code)).findFirst();
    }
}
