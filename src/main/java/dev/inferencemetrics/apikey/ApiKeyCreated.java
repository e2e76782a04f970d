package dev.inferencemetrics.apikey;

import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Published when a key has been stored; an operator key has no tenant. */
public record ApiKeyCreated(@Nullable Long tenantId, long keyId, String prefix, String name, Set<ApiScope> scopes) {}
