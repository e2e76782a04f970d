package dev.inferencemetrics.lease;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A named lease in PostgreSQL: whoever holds it runs the job, the others skip their turn. A holder renews its lease
 * each turn; a crashed holder's lease expires and the next instance takes it over, so a job never stops for longer
 * than one lease. Each instance presents its own holder name (one per application context).
 */
@Component
public class SchedulerLease {

    private static final String ACQUIRE = """
            insert into scheduler_lease (name, holder, expires_at) values (:name, :holder, :expires)
            on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
             where scheduler_lease.holder = excluded.holder or scheduler_lease.expires_at <= :now
            returning holder""";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final String holder;

    @Autowired
    SchedulerLease(JdbcClient jdbc, Clock clock) {
        this(jdbc, clock, "instance-" + UUID.randomUUID());
    }

    /** A lease taker with a holder name of its own, e.g. a second instance in a test. */
    public SchedulerLease(JdbcClient jdbc, Clock clock, String holder) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.holder = holder;
    }

    /** Takes or renews the lease for {@code duration}; false while another holder's lease runs. */
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public boolean tryAcquire(String name, Duration duration) {
        Timestamp now = Timestamp.from(clock.instant());
        return jdbc.sql(ACQUIRE)
                .param("name", name)
                .param("holder", holder)
                .param("expires", Timestamp.from(clock.instant().plus(duration)))
                .param("now", now)
                .query(String.class)
                .optional()
                .isPresent();
    }

    /** Whether this holder's lease still runs: checked before doing what only the holder may do. */
    public boolean holds(String name) {
        return jdbc.sql("select count(*) from scheduler_lease"
                                + " where name = :name and holder = :holder and expires_at > :now")
                        .param("name", name)
                        .param("holder", holder)
                        .param("now", Timestamp.from(clock.instant()))
                        .query(Long.class)
                        .single()
                > 0;
    }

    /** Gives the lease up, e.g. at shutdown, so another instance takes over at once. */
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void release(String name) {
        jdbc.sql("update scheduler_lease set expires_at = :now where name = :name and holder = :holder")
                .param("now", Timestamp.from(clock.instant()))
                .param("name", name)
                .param("holder", holder)
                .update();
    }
}
