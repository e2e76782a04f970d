package dev.inferencemetrics.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Counts failed sign-ins per account and per client address, and refuses sign-ins past either limit. Unknown
 * usernames are counted like real ones, so the answers do not tell which accounts exist. The counts live in memory,
 * per application instance: behind a load balancer an attacker may get the limits once per instance, and a restart
 * forgets them.
 */
@Component
@EnableConfigurationProperties(SignInThrottleProperties.class)
public class SignInThrottle {

    /** Past this many tracked accounts and addresses, windows without recent failures are dropped. */
    private static final int SWEEP_ABOVE = 10_000;

    private static final int MAX_KEY_LENGTH = 200;

    private final SignInThrottleProperties limits;
    private final Clock clock;
    private final Map<String, FailureWindow> accounts = new ConcurrentHashMap<>();
    private final Map<String, FailureWindow> addresses = new ConcurrentHashMap<>();

    SignInThrottle(SignInThrottleProperties limits, Clock clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /** How long sign-ins to this account from this address stay refused; empty when they may go ahead. */
    public Optional<Duration> refusal(String username, String address) {
        Instant now = clock.instant();
        Optional<Duration> account = refusalLeft(accounts, accountKey(username), now);
        Optional<Duration> client = refusalLeft(addresses, address, now);
        if (account.isPresent() && client.isPresent()) {
            return Optional.of(max(account.get(), client.get()));
        }
        return account.isPresent() ? account : client;
    }

    public void failed(String username, String address) {
        Instant now = clock.instant();
        accounts.computeIfAbsent(
                        accountKey(username), key -> new FailureWindow(limits.failuresPerAccount(), limits.window()))
                .record(now);
        addresses
                .computeIfAbsent(address, key -> new FailureWindow(limits.failuresPerAddress(), limits.window()))
                .record(now);
        sweep(accounts, now);
        sweep(addresses, now);
    }

    /** A successful sign-in forgets the account's failures; its address's stay counted. */
    public void succeeded(String username) {
        accounts.remove(accountKey(username));
    }

    private static Optional<Duration> refusalLeft(Map<String, FailureWindow> windows, String key, Instant now) {
        FailureWindow window = windows.get(key);
        return window == null ? Optional.empty() : window.refusalLeft(now);
    }

    private static void sweep(Map<String, FailureWindow> windows, Instant now) {
        if (windows.size() > SWEEP_ABOVE) {
            windows.values().removeIf(window -> window.isEmpty(now));
        }
    }

    /** Usernames differing only in case or surrounding blanks share one count. */
    private static String accountKey(String username) {
        String key = username.strip().toLowerCase(Locale.ROOT);
        return key.length() > MAX_KEY_LENGTH ? key.substring(0, MAX_KEY_LENGTH) : key;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
