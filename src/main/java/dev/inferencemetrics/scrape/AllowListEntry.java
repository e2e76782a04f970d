package dev.inferencemetrics.scrape;

import java.time.Instant;

/** One network or host name of the scrape allow-list, with who added it and when. */
public record AllowListEntry(long id, String entry, Instant createdAt, String createdBy) {}
