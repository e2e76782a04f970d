package dev.inferencemetrics.demo;

import java.time.Duration;
import java.time.Instant;

/**
 * A spell of extra load: from {@code before} ahead of the deployment's creation, for {@code length}, arrivals are
 * {@code multiplier} times the usual rate.
 */
record Burst(Duration before, Duration length, double multiplier) {

    boolean covers(Instant anchor, Instant t) {
        Instant start = anchor.minus(before);
        return !t.isBefore(start) && t.isBefore(start.plus(length));
    }
}
