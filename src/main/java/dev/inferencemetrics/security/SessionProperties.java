package dev.inferencemetrics.security;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long a signed-in browser session lasts.
 *
 * @param idleTimeout a session without user activity for this long is ended; Vaadin heartbeats are not activity
 * @param absoluteTimeout a session is ended this long after sign-in, however active
 * @param recheckInterval how often a session reads its user's account again, so that disabling a user, changing
 *     their role or their password on another application instance ends the session here too
 */
@ConfigurationProperties("inference-metrics.sessions")
public record SessionProperties(
        @DefaultValue("30m") Duration idleTimeout,
        @DefaultValue("12h") Duration absoluteTimeout,
        @DefaultValue("1m") Duration recheckInterval) {

    public SessionProperties {
        if (!isPositive(idleTimeout) || !isPositive(absoluteTimeout) || !isPositive(recheckInterval)) {
            throw new IllegalArgumentException("session timeouts and the recheck interval must be positive");
        }
    }

    private static boolean isPositive(Duration duration) {
        return !duration.isNegative() && !duration.isZero();
    }
}
