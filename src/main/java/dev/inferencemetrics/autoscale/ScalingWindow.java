package dev.inferencemetrics.autoscale;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The five whole minutes before the current one: every figure is read from these minute rollups only, so any instance
 * answers the same for the same minute and no figure is diluted by a minute that has only begun. A signal lags the
 * traffic by up to a minute.
 */
record ScalingWindow(Instant from, Instant to) {

    static final Duration LENGTH = Duration.ofMinutes(5);

    static ScalingWindow endingBefore(Instant now) {
        Instant to = now.truncatedTo(ChronoUnit.MINUTES);
        return new ScalingWindow(to.minus(LENGTH), to);
    }

    double seconds() {
        return Duration.between(from, to).toSeconds();
    }
}
