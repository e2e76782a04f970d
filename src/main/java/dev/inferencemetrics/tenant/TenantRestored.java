package dev.inferencemetrics.tenant;

/** An operator restored an archived tenant. */
public record TenantRestored(long actorUserId, long tenantId) {}
