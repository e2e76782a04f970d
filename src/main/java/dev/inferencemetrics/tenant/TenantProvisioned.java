package dev.inferencemetrics.tenant;

/** A tenant as provisioning left it, and whether that call created it. */
public record TenantProvisioned(TenantSummary tenant, boolean created) {}
