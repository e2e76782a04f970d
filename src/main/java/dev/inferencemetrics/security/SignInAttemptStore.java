package dev.inferencemetrics.security;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The rows of {@code sign_in_failure} (a failed sign-in, counted under a subject: an account, an address or the pair)
 * and {@code sign_in_known_address} (where an account signed in from lately).
 */
@Repository
class SignInAttemptStore {

    private final JdbcClient jdbc;

    SignInAttemptStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Counts one failure at {@code at} under each of the three subjects, in one statement. */
    void fail(String account, String address, String accountAtAddress, Instant at) {
        jdbc.sql("insert into sign_in_failure (subject, failed_at)"
                        + " values (:account, :at), (:address, :at), (:accountAtAddress, :at)")
                .param("account", account)
                .param("address", address)
                .param("accountAtAddress", accountAtAddress)
                .param("at", Timestamp.from(at))
                .update();
    }

    /** The times of the subject's latest failures after {@code after}, newest first, at most {@code limit}. */
    List<Instant> latestFailures(String subject, Instant after, int limit) {
        return jdbc.sql("""
                        select failed_at from sign_in_failure
                         where subject = :subject and failed_at > :after
                         order by failed_at desc
                         limit :limit""")
                .param("subject", subject)
                .param("after", Timestamp.from(after))
                .param("limit", limit)
                .query((rs, n) -> rs.getTimestamp("failed_at").toInstant())
                .list();
    }

    /** Forgets the failures counted under {@code subject} or under any subject starting with {@code prefix}. */
    void forgetFailures(String subject, String prefix) {
        jdbc.sql("delete from sign_in_failure where subject = :subject or starts_with(subject, :prefix)")
                .param("subject", subject)
                .param("prefix", prefix)
                .update();
    }

    void forgetFailuresUpTo(Instant until) {
        jdbc.sql("delete from sign_in_failure where failed_at <= :until")
                .param("until", Timestamp.from(until))
                .update();
    }

    /** Notes that the account signed in from the address at {@code at}. */
    void know(String account, String address, Instant at) {
        jdbc.sql("""
                        insert into sign_in_known_address (subject, address, signed_in_at)
                        values (:account, :address, :at)
                        on conflict (subject, address) do update set signed_in_at = excluded.signed_in_at""")
                .param("account", account)
                .param("address", address)
                .param("at", Timestamp.from(at))
                .update();
    }

    /** Whether the account signed in from the address after {@code after}. */
    boolean isKnown(String account, String address, Instant after) {
        return jdbc.sql("""
                        select exists (select 1 from sign_in_known_address
                                        where subject = :account and address = :address and signed_in_at > :after)""")
                .param("account", account)
                .param("address", address)
                .param("after", Timestamp.from(after))
                .query(Boolean.class)
                .single();
    }

    void forgetAddressesUpTo(Instant until) {
        jdbc.sql("delete from sign_in_known_address where signed_in_at <= :until")
                .param("until", Timestamp.from(until))
                .update();
    }
}
