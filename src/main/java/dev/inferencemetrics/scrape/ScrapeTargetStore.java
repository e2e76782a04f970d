package dev.inferencemetrics.scrape;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Scrape targets and their leases. A due target is claimed with {@code FOR UPDATE SKIP LOCKED}, so instances
 * polling at once never claim the same one; the lease expires on its own if its holder dies mid-scrape.
 */
@Repository
class ScrapeTargetStore {

    private static final String COLUMNS = """
            id, url, replica, interval_s, timeout_s, bearer_token is not null as has_token, created_at,
            last_success_at, last_attempt_at, last_error, series_read, failures""";

    /*
     * Each tenant with due targets offers its earliest ones, no more than its share less its scrapes under way; the
     * offers are taken turn by turn (every tenant's first, then every second), so a tenant with many due targets
     * never crowds out one with few.
     */
    private static final String CLAIM = """
            update scrape_target t set lease_owner = :owner, lease_expires_at = cast(:now as timestamptz) + (t.timeout_s + 30) * interval '1 second'
             where (t.tenant_id, t.id) in (
                   select offered.tenant_id, offered.id from (
                          select c.tenant_id, c.id, c.next_scrape_at,
                                 row_number() over (partition by c.tenant_id order by c.next_scrape_at, c.id) as turn,
                                 coalesce(b.busy, 0) as busy
                            from tenant tt
                            cross join lateral (
                                  select s.tenant_id, s.id, s.next_scrape_at from scrape_target s
                                         join deployment d on d.id = s.deployment_id
                                   where s.tenant_id = tt.id and s.next_scrape_at <= :now
                                     and (s.lease_expires_at is null or s.lease_expires_at <= :now)
                                     and d.archived_at is null
                                   order by s.next_scrape_at, s.id
                                   limit :share
                                   for update of s skip locked) c
                            left join unnest(cast(:busyTenants as bigint[]), cast(:busyCounts as integer[]))
                                 as b(tenant_id, busy) on b.tenant_id = c.tenant_id
                           where tt.archived_at is null
                             and tt.id in (select due.tenant_id from scrape_target due where due.next_scrape_at <= :now)
                          ) offered
                    where offered.turn + offered.busy <= :share
                    order by offered.turn, offered.next_scrape_at
                    limit :limit)
            returning t.tenant_id, t.id, t.deployment_id, t.url, t.replica, t.interval_s, t.timeout_s, t.bearer_token,
                      t.counter_memory::text as counter_memory, t.failures""";

    private final JdbcClient jdbc;
    private final JsonMapper json;

    ScrapeTargetStore(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    long insert(long tenantId, long deploymentId, NewScrapeTarget target, Instant now) {
        return jdbc.sql("""
                        insert into scrape_target (tenant_id, deployment_id, url, replica, interval_s, timeout_s,
                                                   bearer_token, created_at, next_scrape_at)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id""")
                .param(tenantId)
                .param(deploymentId)
                .param(target.url())
                .param(target.replica())
                .param(target.intervalSeconds())
                .param(target.timeoutSeconds())
                .param(target.bearerToken())
                .param(Timestamp.from(now))
                .param(Timestamp.from(now))
                .query(Long.class)
                .single();
    }

    /** How many targets the tenant has, counted while no other addition for it can run (until the commit). */
    int countForAddition(long tenantId) {
        jdbc.sql("select pg_advisory_xact_lock(hashtext('scrape_target'), cast(? % 2147483647 as integer))")
                .param(tenantId)
                .query()
                .listOfRows();
        return jdbc.sql("select count(*) from scrape_target where tenant_id = ?")
                .param(tenantId)
                .query(Integer.class)
                .single();
    }

    boolean replicaTaken(long tenantId, long deploymentId, String replica) {
        return jdbc.sql("select exists (select 1 from scrape_target where tenant_id = ? and deployment_id = ?"
                        + " and replica = ?)")
                .params(tenantId, deploymentId, replica)
                .query(Boolean.class)
                .single();
    }

    List<ScrapeTarget> list(long tenantId, long deploymentId) {
        return jdbc.sql("select " + COLUMNS + " from scrape_target where tenant_id = ? and deployment_id = ?"
                        + " order by replica, id")
                .params(tenantId, deploymentId)
                .query((rs, row) -> target(rs))
                .list();
    }

    /** Removes the target if it belongs to the deployment; returns its URL, or null if there is none. */
    @Nullable
    String delete(long tenantId, long deploymentId, long id) {
        return jdbc.sql("delete from scrape_target where tenant_id = ? and deployment_id = ? and id = ? returning url")
                .params(tenantId, deploymentId, id)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    /**
     * Claims up to {@code limit} due targets, of each tenant no more than {@code share} less its scrapes under way
     * ({@code busy}, by tenant id).
     */
    List<ClaimedTarget> claimDue(String owner, Instant now, int limit, int share, Map<Long, Integer> busy) {
        List<Long> busyTenants = List.copyOf(busy.keySet());
        return jdbc.sql(CLAIM)
                .param("owner", owner)
                .param("now", Timestamp.from(now))
                .param("limit", limit)
                .param("share", share)
                .param("busyTenants", new SqlArrayValue("int8", busyTenants.toArray()))
                .param(
                        "busyCounts",
                        new SqlArrayValue(
                                "int4", busyTenants.stream().map(busy::get).toArray()))
                .query((rs, row) -> new ClaimedTarget(
                        rs.getLong("tenant_id"),
                        rs.getLong("id"),
                        rs.getLong("deployment_id"),
                        rs.getString("url"),
                        rs.getString("replica"),
                        Duration.ofSeconds(rs.getInt("interval_s")),
                        Duration.ofSeconds(rs.getInt("timeout_s")),
                        rs.getString("bearer_token"),
                        CounterMemoryJson.read(json, rs.getString("counter_memory")),
                        rs.getInt("failures")))
                .list();
    }

    /**
     * Records the successful scrapes of one tenant's targets in one statement and frees their leases; returns the ids
     * of those this instance still held (the others' results are not to be stored).
     */
    Set<Long> succeeded(long tenantId, String owner, List<Scraped> scraped) {
        if (scraped.isEmpty()) {
            return Set.of();
        }
        List<Scraped> rows = scraped.stream()
                .sorted(Comparator.comparingLong(one -> one.target().id()))
                .toList();
        Set<Long> held = new HashSet<>();
        jdbc.sql("""
                        update scrape_target t set lease_owner = null, lease_expires_at = null, failures = 0,
                               last_attempt_at = u.taken_at, last_success_at = u.taken_at, last_error = null,
                               series_read = u.series, counter_memory = cast(u.memory as jsonb),
                               next_scrape_at = u.next_at
                          from unnest(cast(:ids as bigint[]), cast(:taken as timestamptz[]), cast(:series as integer[]),
                                      cast(:memory as text[]), cast(:next as timestamptz[]))
                               as u(id, taken_at, series, memory, next_at)
                         where t.tenant_id = :tenant and t.id = u.id and t.lease_owner = :owner
                        returning t.id""")
                .param("ids", array("int8", rows, one -> one.target().id()))
                .param("taken", array("timestamptz", rows, one -> Timestamp.from(one.takenAt())))
                .param("series", array("int4", rows, Scraped::seriesRead))
                .param(
                        "memory",
                        array(
                                "text",
                                rows,
                                one -> CounterMemoryJson.write(
                                        json, one.result().memory())))
                .param(
                        "next",
                        array(
                                "timestamptz",
                                rows,
                                one -> Timestamp.from(
                                        one.takenAt().plus(one.target().interval()))))
                .param("tenant", tenantId)
                .param("owner", owner)
                .query((rs, row) -> held.add(rs.getLong(1)))
                .list();
        return held;
    }

    private static SqlArrayValue array(String type, List<Scraped> rows, Function<Scraped, Object> value) {
        return new SqlArrayValue(type, rows.stream().map(value).toArray());
    }

    /** Records a failed scrape, schedules the next attempt after {@code backoff} and frees the lease. */
    void failed(ClaimedTarget target, String owner, Instant now, String error, Duration backoff) {
        jdbc.sql("""
                        update scrape_target set lease_owner = null, lease_expires_at = null, failures = failures + 1,
                               last_attempt_at = :now, last_error = :error, next_scrape_at = :next
                         where tenant_id = :tenant and id = :id and lease_owner = :owner""")
                .param("now", Timestamp.from(now))
                .param("error", error.length() > 500 ? error.substring(0, 499) + "…" : error)
                .param("next", Timestamp.from(now.plus(backoff)))
                .param("tenant", target.tenantId())
                .param("id", target.id())
                .param("owner", owner)
                .update();
    }

    private static ScrapeTarget target(ResultSet rs) throws SQLException {
        return new ScrapeTarget(
                rs.getLong("id"),
                rs.getString("url"),
                rs.getString("replica"),
                rs.getInt("interval_s"),
                rs.getInt("timeout_s"),
                rs.getBoolean("has_token"),
                rs.getTimestamp("created_at").toInstant(),
                instant(rs.getTimestamp("last_success_at")),
                instant(rs.getTimestamp("last_attempt_at")),
                rs.getString("last_error"),
                (Integer) rs.getObject("series_read"),
                rs.getInt("failures"));
    }

    private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
