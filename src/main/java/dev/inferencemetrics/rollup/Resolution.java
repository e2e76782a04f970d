package dev.inferencemetrics.rollup;

import java.time.Duration;
import java.time.Instant;

/** The grains rollups are kept at. Every chart step is a whole number of one of them. */
public enum Resolution {
    MINUTE(60),
    HALF_HOUR(1800);

    private final int seconds;

    Resolution(int seconds) {
        this.seconds = seconds;
    }

    /** The resolution a stored row names by its length in seconds. */
    public static Resolution ofSeconds(int seconds) {
        for (Resolution resolution : values()) {
            if (resolution.seconds == seconds) {
                return resolution;
            }
        }
        throw new IllegalArgumentException("no resolution of " + seconds + " s");
    }

    public int seconds() {
        return seconds;
    }

    public Duration duration() {
        return Duration.ofSeconds(seconds);
    }

    /** The start of the bucket that holds {@code instant}. */
    public Instant bucketOf(Instant instant) {
        return Instant.ofEpochSecond(Math.floorDiv(instant.getEpochSecond(), seconds) * seconds);
    }
}
