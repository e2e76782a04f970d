package dev.inferencemetrics.rollup;

import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

/** KV-cache rollups. Sums, minima and maxima merge in SQL, so a single upsert per batch is enough. */
@Repository
public class KvRollupStore {

    private static final String UPSERT = """
            insert into kv_rollup as r (tenant_id, deployment_id, resolution_s, bucket, samples, usage_sum,
                                        usage_min, usage_max, covered_s, usage_time_sum)
            select ?, u.* from unnest(?::bigint[], ?::integer[], ?::timestamptz[], ?::integer[], ?::float8[],
                                      ?::float8[], ?::float8[], ?::float8[], ?::float8[])
                 as u(deployment_id, resolution_s, bucket, samples, usage_sum, usage_min, usage_max, covered_s,
                      usage_time_sum)
            order by u.deployment_id, u.resolution_s, u.bucket
            on conflict (tenant_id, deployment_id, resolution_s, bucket) do update
               set samples = r.samples + excluded.samples,
                   usage_sum = r.usage_sum + excluded.usage_sum,
                   usage_min = least(r.usage_min, excluded.usage_min),
                   usage_max = greatest(r.usage_max, excluded.usage_max),
                   covered_s = r.covered_s + excluded.covered_s,
                   usage_time_sum = r.usage_time_sum + excluded.usage_time_sum""";

    private static final String READ = """
            select bucket, samples, usage_sum, usage_min, usage_max, covered_s, usage_time_sum
              from kv_rollup
             where tenant_id = ? and deployment_id = ? and resolution_s = ? and bucket >= ? and bucket < ?
             order by bucket""";

    private static final String READ_FLEET = """
            select k.deployment_id, r.bucket, r.samples, r.usage_sum, r.usage_min, r.usage_max, r.covered_s,
                   r.usage_time_sum
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from kv_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= ? and bucket < ?
                    order by bucket
                   offset 0) r""";

    /**
     * {@link #READ_FLEET}, merged per interval of the window in PostgreSQL: a few rows per deployment instead of one a
     * minute. Usage sums add in bucket order, as {@code KvRollup.plus} adds them, so the figures are the same.
     */
    private static final String READ_FLEET_INTERVALS = """
            select k.deployment_id, r.interval_start, r.samples, r.usage_sum, r.usage_min, r.usage_max, r.covered_s,
                   r.usage_time_sum
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select date_bin(? * interval '1 second', bucket, ?) as interval_start,
                          sum(samples)::bigint as samples, sum(usage_sum order by bucket) as usage_sum,
                          min(usage_min) as usage_min, max(usage_max) as usage_max,
                          sum(covered_s order by bucket) as covered_s,
                          sum(usage_time_sum order by bucket) as usage_time_sum
                     from kv_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= ? and bucket < ?
                    group by 1
                   offset 0) r""";

    private final JdbcTemplate jdbc;

    KvRollupStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Adds the deltas (one per bucket) to the stored rollups. */
    public void add(long tenantId, long deploymentId, Resolution resolution, Collection<KvRollup> deltas) {
        add(tenantId, DeploymentRollup.of(deploymentId, resolution, deltas));
    }

    /** Adds the deltas of many deployments and resolutions (one per bucket each) in one statement. */
    public void add(long tenantId, Collection<DeploymentRollup<KvRollup>> deltas) {
        if (deltas.isEmpty()) {
            return;
        }
        // a deployment has one KV gauge, so no metric orders its rows
        List<DeploymentRollup<KvRollup>> rows = DeploymentRollup.inLockOrder(deltas, kv -> "", KvRollup::bucket);
        jdbc.execute((ConnectionCallback<Integer>) connection -> {
            try (var statement = connection.prepareStatement(UPSERT)) {
                statement.setLong(1, tenantId);
                new UnnestedRows<>(connection, statement, rows, 2)
                        .column("int8", DeploymentRollup::deploymentId)
                        .column("int4", row -> row.resolution().seconds())
                        .column(
                                "timestamptz",
                                row -> Timestamp.from(row.rollup().bucket()))
                        .column("int4", row -> Math.toIntExact(row.rollup().samples()))
                        .column("float8", row -> row.rollup().usageSum())
                        .column("float8", row -> row.rollup().usageMin())
                        .column("float8", row -> row.rollup().usageMax())
                        .column("float8", row -> row.rollup().coveredSeconds())
                        .column("float8", row -> row.rollup().usageTimeSum());
                return statement.executeUpdate();
            }
        });
    }

    public List<KvRollup> read(long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return jdbc.query(
                READ,
                (rs, row) -> new KvRollup(
                        rs.getTimestamp("bucket").toInstant(),
                        rs.getLong("samples"),
                        rs.getDouble("usage_sum"),
                        rs.getDouble("usage_min"),
                        rs.getDouble("usage_max"),
                        rs.getDouble("covered_s"),
                        rs.getDouble("usage_time_sum")),
                tenantId,
                deploymentId,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to));
    }

    /**
     * These deployments' rollups with {@code from ≤ bucket < to}, merged per interval of {@code step} counted from
     * {@code from}, each stamped with its interval's start; by deployment id, those without rollups absent. One
     * statement, a few rows per deployment.
     */
    public Map<Long, List<KvRollup>> readFleetPerInterval(
            FleetKeys deployments, Resolution resolution, Instant from, Instant to, Duration step) {
        return byDeployment(deployments, connection -> {
            PreparedStatement statement = deployments.prepare(connection, READ_FLEET_INTERVALS);
            statement.setLong(3, step.getSeconds());
            statement.setTimestamp(4, Timestamp.from(from));
            statement.setInt(5, resolution.seconds());
            statement.setTimestamp(6, Timestamp.from(from));
            statement.setTimestamp(7, Timestamp.from(to));
            return statement;
        });
    }

    /** {@link #read} for many deployments in one statement, by deployment id; those without rollups are absent. */
    public Map<Long, List<KvRollup>> readFleet(FleetKeys deployments, Resolution resolution, Instant from, Instant to) {
        return byDeployment(
                deployments, connection -> deployments.prepare(connection, READ_FLEET, resolution, from, to));
    }

    /**
     * The rows of a fleet statement (deployment id, bucket, samples, sum, min, max, covered seconds, usage × seconds),
     * by deployment id.
     */
    private Map<Long, List<KvRollup>> byDeployment(FleetKeys deployments, PreparedStatementCreator statement) {
        Map<Long, List<KvRollup>> byDeployment = new HashMap<>();
        if (deployments.isEmpty()) {
            return byDeployment;
        }
        jdbc.query(statement, (RowCallbackHandler) rs -> byDeployment
                .computeIfAbsent(rs.getLong(1), id -> new ArrayList<>())
                .add(new KvRollup(
                        rs.getTimestamp(2).toInstant(),
                        rs.getLong(3),
                        rs.getDouble(4),
                        rs.getDouble(5),
                        rs.getDouble(6),
                        rs.getDouble(7),
                        rs.getDouble(8))));
        return byDeployment;
    }
}
