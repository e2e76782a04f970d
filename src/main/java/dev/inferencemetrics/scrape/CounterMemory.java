package dev.inferencemetrics.scrape;

import java.time.Instant;
import java.util.Map;

/**
 * The cumulative values a target's previous scrape read, and when: kept in PostgreSQL beside the target, so that
 * whichever instance holds the next lease computes the increases. {@code replicas} is how many of the target's engine
 * replicas are counted in the minute of {@code takenAt} already (see {@link ScrapeDeltas}).
 */
record CounterMemory(Instant takenAt, Map<String, Reading> values, int replicas) {

    CounterMemory {
        values = Map.copyOf(values);
    }

    /** A cumulative value and its series' {@code _created} time (NaN when none). */
    record Reading(double value, double created) {}
}
