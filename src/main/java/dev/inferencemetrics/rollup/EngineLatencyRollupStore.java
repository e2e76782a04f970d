package dev.inferencemetrics.rollup;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Engine latency histogram rollups. Counts of the same bounds add up bucket by bucket; a histogram whose bounds
 * differ from the row already stored (an engine restarted with other buckets) is not added to it, since its counts
 * do not line up.
 */
@Repository
public class EngineLatencyRollupStore {

    private static final String UPSERT = """
            insert into engine_latency_rollup as r (tenant_id, deployment_id, metric, resolution_s, bucket,
                                                    upper_bounds, counts)
            values (?, ?, ?, ?, ?, ?, ?)
            on conflict (tenant_id, deployment_id, metric, resolution_s, bucket) do update
               set counts = case when r.upper_bounds = excluded.upper_bounds
                                 then array(select a + b from unnest(r.counts, excluded.counts) with ordinality
                                                                  as u(a, b, i) order by i)
                                 else r.counts end""";

    private static final String READ = """
            select metric, bucket, upper_bounds, counts
              from engine_latency_rollup
             where tenant_id = ? and deployment_id = ? and resolution_s = ? and bucket >= ? and bucket < ?
             order by metric, bucket""";

    private final JdbcTemplate jdbc;

    EngineLatencyRollupStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
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
        jdbc.execute((ConnectionCallback<Integer>) connection -> {
            try (var statement = connection.prepareStatement(UPSERT)) {
                for (DeploymentRollup<EngineLatencyRollup> row : rows) {
                    EngineLatencyRollup rollup = row.rollup();
                    statement.setLong(1, tenantId);
                    statement.setLong(2, row.deploymentId());
                    statement.setString(3, rollup.metric());
                    statement.setInt(4, row.resolution().seconds());
                    statement.setTimestamp(5, Timestamp.from(rollup.bucket()));
                    statement.setArray(6, connection.createArrayOf("float8", boxed(rollup.upperBounds())));
                    statement.setArray(
                            7,
                            connection.createArrayOf(
                                    "int8",
                                    Arrays.stream(rollup.counts()).boxed().toArray()));
                    statement.addBatch();
                }
                return statement.executeBatch().length;
            }
        });
    }

    public List<EngineLatencyRollup> read(
            long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return jdbc.query(
                READ,
                (rs, row) -> new EngineLatencyRollup(
                        rs.getString("metric"),
                        rs.getTimestamp("bucket").toInstant(),
                        doubles(rs.getArray("upper_bounds")),
                        longs(rs.getArray("counts"))),
                tenantId,
                deploymentId,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to));
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
