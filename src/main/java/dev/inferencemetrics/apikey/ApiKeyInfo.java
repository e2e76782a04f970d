package dev.inferencemetrics.apikey;

import java.time.Instant;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What may be shown about a key after its creation: never the key itself.
 *
 * @param tenantId the tenant of a tenant's key; null for an operator key
 */
public record ApiKeyInfo(
        long id,
        @Nullable Long tenantId,
        String name,
        String prefix,
        Set<ApiScope> scopes,
        Instant createdAt,
        @Nullable Instant lastUsedAt,
        @Nullable Instant expiresAt,
        @Nullable Instant revokedAt) {}
