package dev.inferencemetrics.alert;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A rule's alert that is not over yet: pending or firing. */
record OpenAlert(
        long id,
        long ruleId,
        AlertState state,
        Instant pendingSince,
        @Nullable Instant firedAt,
        double peakValue,
        boolean silenced) {}
