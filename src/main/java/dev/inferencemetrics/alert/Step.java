package dev.inferencemetrics.alert;

import java.time.Instant;
import java.util.Optional;

/**
 * What one evaluation does to a rule's alert, from the rule, its value now and its open alert: the state machine
 * with the rule's "for" duration and hysteresis, free of storage so it is tested on its own.
 */
enum Step {
    /** Nothing open and nothing to open. */
    NONE,
    /** The condition starts to hold: a pending alert, to fire once it has held for the rule's "for". */
    OPEN_PENDING,
    /** The condition holds and the rule has no "for": the alert fires at once. */
    OPEN_FIRING,
    /** Still pending or still firing: the value is recorded. */
    UPDATE,
    /** A pending alert has held for long enough. */
    FIRE,
    /** A pending alert's condition stopped holding before it fired: it is dropped, nobody hears of it. */
    DROP,
    /** A firing alert's value fell below the rule's clear level. */
    RESOLVE;

    static Step next(AlertRule rule, double value, Optional<OpenAlert> open, Instant now) {
        boolean holds = value >= rule.threshold();
        if (open.isEmpty()) {
            if (!holds) {
                return NONE;
            }
            return rule.forDuration().isZero() ? OPEN_FIRING : OPEN_PENDING;
        }
        OpenAlert alert = open.get();
        return switch (alert.state()) {
            case PENDING -> {
                if (!holds) {
                    yield DROP;
                }
                yield alert.pendingSince().plus(rule.forDuration()).isAfter(now) ? UPDATE : FIRE;
            }
            case FIRING -> value < rule.clearBelow() ? RESOLVE : UPDATE;
            case RESOLVED -> throw new IllegalStateException("a resolved alert is not open");
        };
    }
}
