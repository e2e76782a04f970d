package dev.inferencemetrics.scrape;

/** A scrape target of a deployment was added or removed. */
public record ScrapeTargetChanged(long tenantId, String deployment, long targetId, String url, boolean added) {}
