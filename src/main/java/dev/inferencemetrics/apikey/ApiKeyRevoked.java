package dev.inferencemetrics.apikey;

import org.jspecify.annotations.Nullable;

/** Published when a key has been revoked: which key, by its name and prefix as people know it; an operator key has no tenant. */
public record ApiKeyRevoked(@Nullable Long tenantId, long keyId, String name, String prefix) {}
