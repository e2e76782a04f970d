package dev.inferencemetrics.rollup;

import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

/** Engine gauge rollups: sums, minima and maxima merge in SQL, like the KV-cache ones. */
@Repository
public class EngineGaugeRollupStore {

    private static final String UPSERT = """
            insert into engine_gauge_rollup as r (tenant_id, deployment_id, metric, resolution_s, bucket, samples,
                                                  value_sum, value_min, value_max)
            select ?, u.* from unnest(?::bigint[], ?::text[], ?::integer[], ?::timestamptz[], ?::integer[],
                                      ?::float8[], ?::float8[], ?::float8[])
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
             where tenant_id = ? and deployment_id = ? and resolution_s = ? and bucket >= ? and bucket < ?
             order by metric, bucket""";

    private static final String MEAN_FLEET = """
            select k.deployment_id, sum(r.value_sum) / sum(r.samples)
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from engine_gauge_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= ? and bucket < ? and metric = ?
                   offset 0) r
             group by k.deployment_id
            having sum(r.samples) > 0""";

    private static final String READ_METRIC = """
            select metric, bucket, samples, value_sum, value_min, value_max
              from engine_gauge_rollup
             where tenant_id = ? and deployment_id = ? and metric = ? and resolution_s = ? and bucket >= ?
               and bucket < ?
             order by bucket""";

    private static final String READ_FLEET_METRIC = """
            select k.deployment_id, r.metric, r.bucket, r.samples, r.value_sum, r.value_min, r.value_max
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from engine_gauge_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= ? and bucket < ? and metric = ?
                    order by bucket
                   offset 0) r""";

    private final JdbcTemplate jdbc;

    EngineGaugeRollupStore(JdbcTemplate jdbc) {
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
        jdbc.execute((ConnectionCallback<Integer>) connection -> {
            try (var statement = connection.prepareStatement(UPSERT)) {
                statement.setLong(1, tenantId);
                new UnnestedRows<>(connection, statement, rows, 2)
                        .column("int8", DeploymentRollup::deploymentId)
                        .column("text", row -> row.rollup().metric())
                        .column("int4", row -> row.resolution().seconds())
                        .column(
                                "timestamptz",
                                row -> Timestamp.from(row.rollup().bucket()))
                        .column("int4", row -> Math.toIntExact(row.rollup().samples()))
                        .column("float8", row -> row.rollup().sum())
                        .column("float8", row -> row.rollup().min())
                        .column("float8", row -> row.rollup().max());
                return statement.executeUpdate();
            }
        });
    }

    /** One metric's rollups of the deployment in {@code [from, to)}, by bucket. */
    public List<EngineGaugeRollup> read(
            long tenantId, long deploymentId, String metric, Resolution resolution, Instant from, Instant to) {
        return jdbc.query(
                READ_METRIC,
                (rs, row) -> rollup(rs),
                tenantId,
                deploymentId,
                metric,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to));
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
        jdbc.query(
                connection -> {
                    PreparedStatement statement =
                            deployments.prepare(connection, READ_FLEET_METRIC, resolution, from, to);
                    statement.setString(6, metric);
                    return statement;
                },
                (RowCallbackHandler) rs -> byDeployment
                        .computeIfAbsent(rs.getLong(1), id -> new ArrayList<>())
                        .add(rollup(rs)));
        return byDeployment;
    }

    private static EngineGaugeRollup rollup(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new EngineGaugeRollup(
                rs.getString("metric"),
                rs.getTimestamp("bucket").toInstant(),
                rs.getLong("samples"),
                rs.getDouble("value_sum"),
                rs.getDouble("value_min"),
                rs.getDouble("value_max"));
    }

    /** Every metric's rollups of the deployment in {@code [from, to)}, by metric and bucket. */
    public List<EngineGaugeRollup> read(
            long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return jdbc.query(
                READ,
                (rs, row) -> rollup(rs),
                tenantId,
                deploymentId,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to));
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
        jdbc.query(
                connection -> {
                    PreparedStatement statement = deployments.prepare(connection, MEAN_FLEET, resolution, from, to);
                    statement.setString(6, metric);
                    return statement;
                },
                (RowCallbackHandler) rs -> means.put(rs.getLong(1), rs.getDouble(2)));
        return means;
    }
}
