package dev.inferencemetrics.rollup;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Engine latency histogram rollups. Counts of the same bounds add up bucket by bucket; a histogram whose bounds
 * differ from the row already stored (an engine restarted with other buckets) is not added to it, since its counts
 * do not line up.
 *
 * <p>The histograms of a poll round go in as one JDBC batch (one round trip): each row carries two arrays of its own
 * length, which {@code unnest} cannot take apart, and {@link JdbcClient} has no batch, so this store alone writes
 * through {@link NamedParameterJdbcTemplate#batchUpdate}.
 */
@Repository
public class EngineLatencyRollupStore {

    private static final String UPSERT = """
            insert into engine_latency_rollup as r (tenant_id, deployment_id, metric, resolution_s, bucket,
                                                    upper_bounds, counts)
            values (:tenantId, :deploymentId, :metric, :resolution, :bucket, :upperBounds, :counts)
            on conflict (tenant_id, deployment_id, metric, resolution_s, bucket) do update
               set counts = case when r.upper_bounds = excluded.upper_bounds
                                 then array(select a + b from unnest(r.counts, excluded.counts) with ordinality
                                                                  as u(a, b, i) order by i)
                                 else r.counts end""";

    private static final String READ = """
            select metric, bucket, upper_bounds, counts
              from engine_latency_rollup
             where tenant_id = :tenantId and deployment_id = :deploymentId and resolution_s = :resolution
               and bucket >= :from and bucket < :to
             order by metric, bucket""";

    private static final RowMapper<EngineLatencyRollup> ROLLUP = (rs, n) -> new EngineLatencyRollup(
            rs.getString("metric"),
            rs.getTimestamp("bucket").toInstant(),
            doubles(rs.getArray("upper_bounds")),
            longs(rs.getArray("counts")));

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batch;

    EngineLatencyRollupStore(JdbcClient jdbc, NamedParameterJdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    public void add(long tenantId, long deploymentId, Resolution resolution, Collection<EngineLatencyRollup> deltas) {
        add(tenantId, DeploymentRollup.of(deploymentId, resolution, deltas));
    }

    /** Adds the histograms of many deployments and resolutions in one batch. */
    public void add(long tenantId, Collection<DeploymentRollup<EngineLatencyRollup>> deltas) {
        if (deltas.isEmpty()) {
            return;
        }
        List<DeploymentRollup<EngineLatencyRollup>> rows =
                DeploymentRollup.inLockOrder(deltas, EngineLatencyRollup::metric, EngineLatencyRollup::bucket);
        batch.batchUpdate(
                UPSERT,
                rows.stream()
                        .map(row -> (SqlParameterSource) new MapSqlParameterSource()
                                .addValue("tenantId", tenantId)
                                .addValue("deploymentId", row.deploymentId())
                                .addValue("metric", row.rollup().metric())
                                .addValue("resolution", row.resolution().seconds())
                                .addValue("bucket", Timestamp.from(row.rollup().bucket()))
                                .addValue(
                                        "upperBounds",
                                        new SqlArrayValue(
                                                "float8", boxed(row.rollup().upperBounds())))
                                .addValue(
                                        "counts",
                                        new SqlArrayValue(
                                                "int8",
                                                Arrays.stream(row.rollup().counts())
                                                        .boxed()
                                                        .toArray())))
                        .toArray(SqlParameterSource[]::new));
    }

    public List<EngineLatencyRollup> read(
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

    private static Object[] boxed(double[] values) {
        return Arrays.stream(values).boxed().toArray();
    }

    private static double[] doubles(Array array) throws SQLException {
        Object[] values = (Object[]) array.getArray();
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = ((Number) values[i]).doubleValue();
        }
        return out;
    }

    private static long[] longs(Array array) throws SQLException {
        Object[] values = (Object[]) array.getArray();
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = ((Number) values[i]).longValue();
        }
        return out;
    }
}
