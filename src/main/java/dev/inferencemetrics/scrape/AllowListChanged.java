package dev.inferencemetrics.scrape;

/** An operator added an entry to the scrape allow-list, or removed one. */
public record AllowListChanged(String entry, boolean added) {}
