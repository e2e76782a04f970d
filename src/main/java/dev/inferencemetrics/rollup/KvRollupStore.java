package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** KV-cache rollups. Sums, minima and maxima merge in SQL, so a single upsert per batch is enough. */
@Repository
public class KvRollupStore {

    private static final String UPSERT = """
            insert into kv_rollup as r (tenant_id, deployment_id, resolution_s, bucket, samples, usage_sum,
                                        usage_min, usage_max, covered_s, usage_time_sum)
            select :tenantId, u.* from unnest(:deploymentIds::bigint[], :resolutions::integer[],
                                              :buckets::timestamptz[], :samples::integer[], :usageSums::float8[],
                                              :usageMinima::float8[], :usageMaxima::float8[],
                                              :coveredSeconds::float8[], :usageTimeSums::float8[])
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
             where tenant_id = :tenantId and deployment_id = :deploymentId and resolution_s = :resolution
               and bucket >= :from and bucket < :to
             order by bucket""";

    private static final String READ_FLEET = """
            select k.deployment_id, r.bucket, r.samples, r.usage_sum, r.usage_min, r.usage_max, r.covered_s,
                   r.usage_time_sum
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from kv_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to
                    order by bucket
                   offset 0) r""";

    /**
     * {@link #READ_FLEET}, merged per interval of the window in PostgreSQL: a few rows per deployment instead of one a
     * minute. Usage sums add in bucket order, as {@code KvRollup.plus} adds them, so the figures are the same. Each
     * interval's rollup is stamped with its start, in the column {@code bucket}.
     */
    private static final String READ_FLEET_INTERVALS = """
            select k.deployment_id, r.interval_start as bucket, r.samples, r.usage_sum, r.usage_min, r.usage_max,
                   r.covered_s, r.usage_time_sum
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select date_bin(:stepSeconds * interval '1 second', bucket, :from) as interval_start,
                          sum(samples)::bigint as samples, sum(usage_sum order by bucket) as usage_sum,
                          min(usage_min) as usage_min, max(usage_max) as usage_max,
                          sum(covered_s order by bucket) as covered_s,
                          sum(usage_time_sum order by bucket) as usage_time_sum
                     from kv_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to
                    group by 1
                   offset 0) r""";

    /** Reads the columns bucket, samples, usage_sum, usage_min, usage_max, covered_s and usage_time_sum. */
    private static final RowMapper<KvRollup> ROLLUP = (rs, n) -> new KvRollup(
            rs.getTimestamp("bucket").toInstant(),
            rs.getLong("samples"),
            rs.getDouble("usage_sum"),
            rs.getDouble("usage_min"),
            rs.getDouble("usage_max"),
            rs.getDouble("covered_s"),
            rs.getDouble("usage_time_sum"));

    private final JdbcClient jdbc;

    KvRollupStore(JdbcClient jdbc) {
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
        jdbc.sql(UPSERT)
                .param("tenantId", tenantId)
                .params(new UnnestedRows<>(rows)
                        .column("deploymentIds", "int8", DeploymentRollup::deploymentId)
                        .column("resolutions", "int4", row -> row.resolution().seconds())
                        .column(
                                "buckets",
                                "timestamptz",
                                row -> Timestamp.from(row.rollup().bucket()))
                        .column(
                                "samples",
                                "int4",
                                row -> Math.toIntExact(row.rollup().samples()))
                        .column("usageSums", "float8", row -> row.rollup().usageSum())
                        .column("usageMinima", "float8", row -> row.rollup().usageMin())
                        .column("usageMaxima", "float8", row -> row.rollup().usageMax())
                        .column("coveredSeconds", "float8", row -> row.rollup().coveredSeconds())
                        .column("usageTimeSums", "float8", row -> row.rollup().usageTimeSum())
                        .parameters())
                .update();
    }

    public List<KvRollup> read(long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return jdbc.sql(READ)
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query(ROLLUP)
                .list();
    }

    /**
     * These deployments' rollups with {@code from ≤ bucket < to}, merged per interval of {@code step} counted from
     * {@code from}, each stamped with its interval's start; by deployment id, those without rollups absent. One
     * statement, a few rows per deployment.
     */
    public Map<Long, List<KvRollup>> readFleetPerInterval(
            FleetKeys deployments, Resolution resolution, Instant from, Instant to, Duration step) {
        if (deployments.isEmpty()) {
            return new HashMap<>();
        }
        return byDeployment(
                fleet(deployments, READ_FLEET_INTERVALS, resolution, from, to).param("stepSeconds", step.getSeconds()));
    }

    /** {@link #read} for many deployments in one statement, by deployment id; those without rollups are absent. */
    public Map<Long, List<KvRollup>> readFleet(FleetKeys deployments, Resolution resolution, Instant from, Instant to) {
        if (deployments.isEmpty()) {
            return new HashMap<>();
        }
        return byDeployment(fleet(deployments, READ_FLEET, resolution, from, to));
    }

    private JdbcClient.StatementSpec fleet(
            FleetKeys deployments, String sql, Resolution resolution, Instant from, Instant to) {
        return jdbc.sql(sql)
                .params(deployments.parameters())
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to));
    }

    /** The rows of a fleet statement (deployment id and the columns {@link #ROLLUP} reads), by deployment id. */
    private static Map<Long, List<KvRollup>> byDeployment(JdbcClient.StatementSpec statement) {
        Map<Long, List<KvRollup>> byDeployment = new HashMap<>();
        statement.query((RowCallbackHandler) rs -> byDeployment
                .computeIfAbsent(rs.getLong("deployment_id"), id -> new ArrayList<>())
                .add(ROLLUP.mapRow(rs, 0)));
        return byDeployment;
    }
}
