package dev.inferencemetrics.security;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Limits on failed sign-ins. Past a limit, sign-ins are refused — even with the right password — until the oldest
 * counted failure is older than the window.
 *
 * @param failuresPerAccount failed sign-ins to one username (known or not) within the window
 * @param failuresPerAddress failed sign-ins from one client address, to any username, within the window
 * @param window how far back failures count
 */
@ConfigurationProperties("inference-metrics.sign-in-throttle")
public record SignInThrottleProperties(
        @DefaultValue("5") int failuresPerAccount,
        @DefaultValue("20") int failuresPerAddress,
        @DefaultValue("15m") Duration window) {

    public SignInThrottleProperties {
        if (failuresPerAccount < 1 || failuresPerAddress < 1 || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("sign-in throttle limits and window must be positive");
        }
    }
}
