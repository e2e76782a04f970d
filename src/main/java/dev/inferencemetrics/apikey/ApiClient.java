package dev.inferencemetrics.apikey;

import dev.inferencemetrics.tenancy.Caller;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A caller authenticated by an API key, with the key's scopes: a tenant's key covers exactly that tenant; an
 * operator key (scope admin only) covers every tenant and acts for the operator who created it.
 *
 * @param operatorUserId the operator an operator key acts for; null for a tenant's key
 */
public record ApiClient(
        TenantScope scope,
        long keyId,
        String keyPrefix,
        Set<ApiScope> scopes,
        @Nullable Long operatorUserId) implements Caller {

    public ApiClient {
        scopes = Set.copyOf(scopes);
    }

    /** A key of one tenant. */
    public ApiClient(long tenantId, long keyId, String keyPrefix, Set<ApiScope> scopes) {
        this(TenantScope.tenant(tenantId), keyId, keyPrefix, scopes, null);
    }
}
