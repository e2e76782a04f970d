package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Engine gauge rollups: sums, minima and maxima merge in SQL, like the KV-cache ones. */
@Repository
public class EngineGaugeRollupStore {

    private static final String UPSERT = """
            insert into engine_gauge_rollup as r (tenant_id, deployment_id, metric, resolution_s, bucket, samples,
                                                  value_sum, value_min, value_max)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?)
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

    private final JdbcTemplate jdbc;

    EngineGaugeRollupStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Adds the deltas (one per metric and bucket) to the stored rollups, in key order. */
    public void add(long tenantId, long deploymentId, Resolution resolution, Collection<EngineGaugeRollup> deltas) {
        List<EngineGaugeRollup> rows = deltas.stream()
                .sorted(Comparator.comparing(EngineGaugeRollup::metric).thenComparing(EngineGaugeRollup::bucket))
                .toList();
        jdbc.batchUpdate(UPSERT, rows, rows.size(), (statement, row) -> {
            statement.setLong(1, tenantId);
            statement.setLong(2, deploymentId);
            statement.setString(3, row.metric());
            statement.setInt(4, resolution.seconds());
            statement.setTimestamp(5, Timestamp.from(row.bucket()));
            statement.setInt(6, Math.toIntExact(row.samples()));
            statement.setDouble(7, row.sum());
            statement.setDouble(8, row.min());
            statement.setDouble(9, row.max());
        });
    }

    /** Every metric's rollups of the deployment in {@code [from, to)}, by metric and bucket. */
    public List<EngineGaugeRollup> read(
            long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return jdbc.query(
                READ,
                (rs, row) -> new EngineGaugeRollup(
                        rs.getString("metric"),
                        rs.getTimestamp("bucket").toInstant(),
                        rs.getLong("samples"),
                        rs.getDouble("value_sum"),
                        rs.getDouble("value_min"),
                        rs.getDouble("value_max")),
                tenantId,
                deploymentId,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to));
    }
}
