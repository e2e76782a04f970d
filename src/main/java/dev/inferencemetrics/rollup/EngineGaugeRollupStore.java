package dev.inferencemetrics.rollup;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** Engine gauge rollups: sums, minima and maxima merge in SQL, like the KV-cache ones. */
@Repository
public class EngineGaugeRollupStore {

    private static final String UPSERT = """
            insert into engine_gauge_rollup as r (tenant_id, deployment_id, metric, resolution_s, bucket, samples,
                                                  value_sum, value_min, value_max)
            select :tenantId, u.* from unnest(:deploymentIds::bigint[], :metrics::text[], :resolutions::integer[],
                                              :buckets::timestamptz[], :samples::integer[], :sums::float8[],
                                              :minima::float8[], :maxima::float8[])
                   as u(deployment_id, metric, resolution_s, bucket, samples, value_sum, value_min, value_max)
             order by u.deployment_id, u.metric, u.resolution_s, u.bucket
            on conflict (tenant_id, deployment_id, metric, resolution_s, bucket) do update
               set samples = r.samples + excluded.samples,
                   value_sum = r.value_sum + excluded.value_sum,
                   value_min = least(r.value_min, excluded.value_min),
                   value_max = greatest(r.value_max, excluded.value_max)""";

    private static final String READ = """
            select metric, bucket, samples, value_sum, value_min, value_max
              from engine_gauge_rollup
             where tenant_id = :tenantId and deployment_id = :deploymentId and resolution_s = :resolution
               and bucket >= :from and bucket < :to
             order by metric, bucket""";

    private static final String MEAN_FLEET = """
            select k.deployment_id, sum(r.value_sum) / sum(r.samples) as mean
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from engine_gauge_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to and metric = :metric
                   offset 0) r
             group by k.deployment_id
            having sum(r.samples) > 0""";

    /** {@link #MEAN_FLEET} of several metrics at once: each key is looked up once, its metrics in one index scan. */
    private static final String MEANS_FLEET = """
            select k.deployment_id, r.metric, sum(r.value_sum) / sum(r.samples) as mean
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from engine_gauge_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and metric = any(:metrics)
                      and resolution_s = :resolution and bucket >= :from and bucket < :to
                   offset 0) r
             group by k.deployment_id, r.metric
            having sum(r.samples) > 0""";

    private static final String READ_METRIC = """
            select metric, bucket, samples, value_sum, value_min, value_max
              from engine_gauge_rollup
             where tenant_id = :tenantId and deployment_id = :deploymentId and metric = :metric
               and resolution_s = :resolution and bucket >= :from and bucket < :to
             order by bucket""";

    private static final String READ_FLEET_METRIC = """
            select k.deployment_id, r.metric, r.bucket, r.samples, r.value_sum, r.value_min, r.value_max
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from engine_gauge_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to and metric = :metric
                    order by bucket
                   offset 0) r""";

    /** Reads the columns metric, bucket, samples, value_sum, value_min and value_max. */
    private static final RowMapper<EngineGaugeRollup> ROLLUP = (rs, n) -> rollup(rs);

    private final JdbcClient jdbc;

    EngineGaugeRollupStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Adds the deltas (one per metric and bucket) to the stored rollups, in one statement. */
    public void add(long tenantId, long deploymentId, Resolution resolution, Collection<EngineGaugeRollup> deltas) {
        add(tenantId, DeploymentRollup.of(deploymentId, resolution, deltas));
    }

    /** Adds the deltas of many deployments and resolutions (one per metric and bucket each) in one statement. */
    public void add(long tenantId, Collection<DeploymentRollup<EngineGaugeRollup>> deltas) {
        if (deltas.isEmpty()) {
            return;
        }
        List<DeploymentRollup<EngineGaugeRollup>> rows =
                DeploymentRollup.inLockOrder(deltas, EngineGaugeRollup::metric, EngineGaugeRollup::bucket);
        jdbc.sql(UPSERT)
                .param("tenantId", tenantId)
                .params(new UnnestedRows<>(rows)
                        .column("deploymentIds", "int8", DeploymentRollup::deploymentId)
                        .column("metrics", "text", row -> row.rollup().metric())
                        .column("resolutions", "int4", row -> row.resolution().seconds())
                        .column(
                                "buckets",
                                "timestamptz",
                                row -> Timestamp.from(row.rollup().bucket()))
                        .column(
                                "samples",
                                "int4",
                                row -> Math.toIntExact(row.rollup().samples()))
                        .column("sums", "float8", row -> row.rollup().sum())
                        .column("minima", "float8", row -> row.rollup().min())
                        .column("maxima", "float8", row -> row.rollup().max())
                        .parameters())
                .update();
    }

    /** One metric's rollups of the deployment in {@code [from, to)}, by bucket. */
    public List<EngineGaugeRollup> read(
            long tenantId, long deploymentId, String metric, Resolution resolution, Instant from, Instant to) {
        return jdbc.sql(READ_METRIC)
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("metric", metric)
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query(ROLLUP)
                .list();
    }

    /**
     * {@link #read(long, long, String, Resolution, Instant, Instant)} for many deployments in one statement, by
     * deployment id; those without readings are absent.
     */
    public Map<Long, List<EngineGaugeRollup>> readFleet(
            FleetKeys deployments, String metric, Resolution resolution, Instant from, Instant to) {
        Map<Long, List<EngineGaugeRollup>> byDeployment = new HashMap<>();
        if (deployments.isEmpty()) {
            return byDeployment;
        }
        fleet(deployments, READ_FLEET_METRIC, metric, resolution, from, to)
                .query((RowCallbackHandler) rs -> byDeployment
                        .computeIfAbsent(rs.getLong("deployment_id"), id -> new ArrayList<>())
                        .add(rollup(rs)));
        return byDeployment;
    }

    /** Every metric's rollups of the deployment in {@code [from, to)}, by metric and bucket. */
    public List<EngineGaugeRollup> read(
            long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
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
     * The mean reading of one metric in {@code [from, to)} per deployment id, over all its replicas and buckets, in one
     * statement; deployments without readings are absent.
     */
    public Map<Long, Double> meanByDeployment(
            FleetKeys deployments, String metric, Resolution resolution, Instant from, Instant to) {
        Map<Long, Double> means = new HashMap<>();
        if (deployments.isEmpty()) {
            return means;
        }
        fleet(deployments, MEAN_FLEET, metric, resolution, from, to)
                .query((RowCallbackHandler) rs -> means.put(rs.getLong("deployment_id"), rs.getDouble("mean")));
        return means;
    }

    /**
     * {@link #meanByDeployment} of each of {@code metrics} in one statement: by metric, then deployment id; a metric
     * without readings maps to an empty map.
     */
    public Map<String, Map<Long, Double>> meansByDeployment(
            FleetKeys deployments, List<String> metrics, Resolution resolution, Instant from, Instant to) {
        Map<String, Map<Long, Double>> means = new HashMap<>();
        metrics.forEach(metric -> means.put(metric, new HashMap<>()));
        if (deployments.isEmpty() || metrics.isEmpty()) {
            return means;
        }
        jdbc.sql(MEANS_FLEET)
                .params(deployments.parameters())
                .param("metrics", new SqlArrayValue("text", metrics.toArray()))
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query((RowCallbackHandler)
                        rs -> Objects.requireNonNull(means.get(rs.getString("metric")), "a metric asked for")
                                .put(rs.getLong("deployment_id"), rs.getDouble("mean")));
        return means;
    }

    private JdbcClient.StatementSpec fleet(
            FleetKeys deployments, String sql, String metric, Resolution resolution, Instant from, Instant to) {
        return jdbc.sql(sql)
                .params(deployments.parameters())
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .param("metric", metric);
    }

    private static EngineGaugeRollup rollup(ResultSet rs) throws SQLException {
        return new EngineGaugeRollup(
                rs.getString("metric"),
                rs.getTimestamp("bucket").toInstant(),
                rs.getLong("samples"),
                rs.getDouble("value_sum"),
                rs.getDouble("value_min"),
                rs.getDouble("value_max"));
    }
}
