package dev.inferencemetrics.apikey;

/** Published when a key has been revoked. */
public record ApiKeyRevoked(long tenantId, long keyId) {}
