package dev.inferencemetrics.security;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Optional;

/** The latest failed sign-ins of one account or address, at most as many as its limit. */
final class FailureWindow {

    private final int limit;
    private final Duration window;
    private final ArrayDeque<Instant> failures = new ArrayDeque<>();

    FailureWindow(int limit, Duration window) {
        this.limit = limit;
        this.window = window;
    }

    synchronized void record(Instant at) {
        failures.addLast(at);
        if (failures.size() > limit) {
            failures.removeFirst();
        }
    }

    /** How long until fewer than {@code limit} failures lie in the window; empty while under the limit. */
    synchronized Optional<Duration> refusalLeft(Instant now) {
        dropExpired(now);
        if (failures.size() < limit) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(now, failures.getFirst().plus(window)));
    }

    synchronized boolean isEmpty(Instant now) {
        dropExpired(now);
        return failures.isEmpty();
    }

    private void dropExpired(Instant now) {
        while (!failures.isEmpty() && !failures.getFirst().plus(window).isAfter(now)) {
            failures.removeFirst();
        }
    }
}
