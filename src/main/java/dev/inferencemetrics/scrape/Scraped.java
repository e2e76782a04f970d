package dev.inferencemetrics.scrape;

import java.time.Instant;

/** A target fetched and read successfully, waiting to be stored with the rest of its poll round. */
record Scraped(ClaimedTarget target, Instant takenAt, int seriesRead, ScrapeDeltas.Result result) {}
