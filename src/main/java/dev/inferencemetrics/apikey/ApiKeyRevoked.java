package dev.inferencemetrics.apikey;

/** Published when a key has been revoked: which key, by its name and prefix as people know it. */
public record ApiKeyRevoked(long tenantId, long keyId, String name, String prefix) {}
