package dev.inferencemetrics.scrape;

import org.jspecify.annotations.Nullable;

/** A target as someone asks to add it, already checked: see {@link ScrapeTargetService#add}. */
public record NewScrapeTarget(
        String url,
        String replica,
        int intervalSeconds,
        int timeoutSeconds,
        @Nullable String bearerToken) {}
