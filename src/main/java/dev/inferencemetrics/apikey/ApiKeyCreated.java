package dev.inferencemetrics.apikey;

import java.util.Set;

/** Published when a key has been stored. */
public record ApiKeyCreated(long tenantId, long keyId, String prefix, String name, Set<ApiScope> scopes) {}
