package dev.inferencemetrics.apikey;

import dev.inferencemetrics.security.Caller;
import dev.inferencemetrics.security.TenantScope;
import java.util.Set;

/** A caller authenticated by an API key: always exactly one tenant, with the key's scopes. */
public record ApiClient(long tenantId, long keyId, String keyPrefix, Set<ApiScope> scopes) implements Caller {

    public ApiClient {
        scopes = Set.copyOf(scopes);
    }

    @Override
    public TenantScope scope() {
        return TenantScope.tenant(tenantId);
    }
}
