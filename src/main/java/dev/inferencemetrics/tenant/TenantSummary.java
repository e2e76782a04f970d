package dev.inferencemetrics.tenant;

/** A tenant as lists and pickers show it. */
public record TenantSummary(long id, String slug, String name) {}
