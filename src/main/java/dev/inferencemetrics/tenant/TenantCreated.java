package dev.inferencemetrics.tenant;

/** An operator created a tenant. */
public record TenantCreated(long actorUserId, long tenantId, String slug, String name) {}
