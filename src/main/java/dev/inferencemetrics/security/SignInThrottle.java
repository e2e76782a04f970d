package dev.inferencemetrics.security;

import dev.inferencemetrics.lease.SchedulerLease;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Counts failed sign-ins per account and per client address, and refuses sign-ins past either limit; at an address
 * the account signed in from lately, only its own failures there count. Unknown usernames are counted like real
 * ones, so the answers do not tell which accounts exist. The failures are kept in
 * the database, so every application instance counts the same failures and a restart forgets none; refused attempts
 * are not counted, so one address writes at most its limit of rows a window.
 */
@Component
@EnableConfigurationProperties(SignInThrottleProperties.class)
public class SignInThrottle {

    private static final int MAX_KEY_LENGTH = 200;
    /** How long an address an account signed in from stays known to it without another sign-in. */
    static final Duration KNOWN_ADDRESS_KEPT = Duration.ofDays(90);

    private final SignInThrottleProperties limits;
    private final JdbcClient jdbc;
    private final SchedulerLease lease;
    private final Clock clock;

    SignInThrottle(SignInThrottleProperties limits, JdbcClient jdbc, SchedulerLease lease, Clock clock) {
        this.limits = limits;
        this.jdbc = jdbc;
        this.lease = lease;
        this.clock = clock;
    }

    /**
     * How long sign-ins to this account from this address stay refused; empty when they may go ahead. At an address
     * the account signed in from lately, neither the account's limit nor the address's applies, so strangers'
     * guesses elsewhere (at the account) or from there (at random usernames) cannot lock its owner out; the
     * account's failures at that address still count against the account's limit. Elsewhere both limits apply.
     */
    public Optional<Duration> refusal(String username, String address) {
        Instant now = clock.instant();
        if (isKnown(username, address, now)) {
            return refusalLeft(accountAtAddressKey(username, address), limits.failuresPerAccount(), now);
        }
        Optional<Duration> account = refusalLeft(accountKey(username), limits.failuresPerAccount(), now);
        Optional<Duration> client = refusalLeft(addressKey(address), limits.failuresPerAddress(), now);
        if (account.isPresent() && client.isPresent()) {
            return Optional.of(max(account.get(), client.get()));
        }
        return account.isPresent() ? account : client;
    }

    public void failed(String username, String address) {
        Timestamp now = Timestamp.from(clock.instant());
        jdbc.sql("insert into sign_in_failure (subject, failed_at) values (?, ?), (?, ?), (?, ?)")
                .params(
                        accountKey(username),
                        now,
                        addressKey(address),
                        now,
                        accountAtAddressKey(username, address),
                        now)
                .update();
    }

    /** A successful sign-in forgets the account's failures (its address's stay counted) and knows the address. */
    public void succeeded(String username, String address) {
        forgetAccountFailures(username);
        jdbc.sql("""
                        insert into sign_in_known_address (subject, address, signed_in_at) values (?, ?, ?)
                        on conflict (subject, address) do update set signed_in_at = excluded.signed_in_at""")
                .params(accountKey(username), truncated(address), Timestamp.from(clock.instant()))
                .update();
    }

    private boolean isKnown(String username, String address, Instant now) {
        return jdbc.sql("""
                        select exists (select 1 from sign_in_known_address
                                        where subject = ? and address = ? and signed_in_at > ?)""")
                .params(accountKey(username), truncated(address), Timestamp.from(now.minus(KNOWN_ADDRESS_KEPT)))
                .query(Boolean.class)
                .single();
    }

    /** Forgets the account's failures (an administrator's unlock); its addresses' failures stay counted. */
    void unlock(String username) {
        forgetAccountFailures(username);
    }

    private void forgetAccountFailures(String username) {
        jdbc.sql("delete from sign_in_failure where subject = ? or starts_with(subject, ?)")
                .params(accountKey(username), accountAtAddressPrefix(username))
                .update();
    }

    /** Failures older than the window count no more; one instance at a time forgets them. */
    @Scheduled(fixedDelayString = "PT5M", initialDelayString = "PT1M")
    void forgetOldFailures() {
        if (!lease.tryAcquire("sign-in-failures-cleanup", Duration.ofMinutes(4))) {
            return;
        }
        jdbc.sql("delete from sign_in_failure where failed_at <= ?")
                .param(Timestamp.from(clock.instant().minus(limits.window())))
                .update();
        jdbc.sql("delete from sign_in_known_address where signed_in_at <= ?")
                .param(Timestamp.from(clock.instant().minus(KNOWN_ADDRESS_KEPT)))
                .update();
    }

    /**
     * How long until fewer than {@code limit} failures of the subject lie in the window: the oldest of its latest
     * {@code limit} failures leaves it then. Empty while under the limit.
     */
    private Optional<Duration> refusalLeft(String subject, int limit, Instant now) {
        List<Instant> latest = jdbc.sql("""
                        select failed_at from sign_in_failure
                         where subject = ? and failed_at > ?
                         order by failed_at desc
                         limit ?""")
                .params(subject, Timestamp.from(now.minus(limits.window())), limit)
                .query((rs, row) -> rs.getTimestamp("failed_at").toInstant())
                .list();
        if (latest.size() < limit) {
            return Optional.empty();
        }
        Instant oldestCounted = latest.getLast();
        return Optional.of(Duration.between(now, oldestCounted.plus(limits.window())));
    }

    /** Usernames differing only in case or surrounding blanks share one count. */
    private static String accountKey(String username) {
        return "account:" + truncated(username.strip().toLowerCase(Locale.ROOT));
    }

    private static String addressKey(String address) {
        return "address:" + truncated(address);
    }

    /** Digests, so that the pair fits the subject's length whatever the username and address. */
    private static String accountAtAddressKey(String username, String address) {
        return accountAtAddressPrefix(username) + digest(truncated(address));
    }

    private static String accountAtAddressPrefix(String username) {
        return "account-at:" + digest(accountKey(username)) + "@";
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static String truncated(String key) {
        return key.length() > MAX_KEY_LENGTH ? key.substring(0, MAX_KEY_LENGTH) : key;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
