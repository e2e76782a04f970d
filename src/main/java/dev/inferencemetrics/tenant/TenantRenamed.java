package dev.inferencemetrics.tenant;

/** An operator gave a tenant a new name; its slug stays. */
public record TenantRenamed(long actorUserId, long tenantId, String oldName, String newName) {}
