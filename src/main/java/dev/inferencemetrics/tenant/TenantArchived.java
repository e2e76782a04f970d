package dev.inferencemetrics.tenant;

/** An operator archived a tenant: its deployments are hidden and refuse samples until it is restored. */
public record TenantArchived(long actorUserId, long tenantId) {}
