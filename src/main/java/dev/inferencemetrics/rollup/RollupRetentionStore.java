package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Deletes rollups past their retention, one resolution at a time, from every rollup table this package keeps, and the
 * dimension values admitted on days past the longest retention.
 */
@Repository
public class RollupRetentionStore {

    private static final List<String> TABLES = List.of(
            "request_rollup",
            "kv_rollup",
            "engine_gauge_rollup",
            "engine_latency_rollup",
            "engine_replica_rollup",
            "dimension_rollup",
            "dimension_rollup_delta");

    private final JdbcClient jdbc;

    RollupRetentionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Deletes the buckets of this resolution that start before {@code cutoff}; the caller runs across tenants. */
    public void deleteBefore(Resolution resolution, Instant cutoff) {
        for (String table : TABLES) {
            jdbc.sql("delete from " + table + " where resolution_s = :resolution and bucket < :cutoff")
                    .param("resolution", resolution.seconds())
                    .param("cutoff", Timestamp.from(cutoff))
                    .update();
        }
        if (resolution == Resolution.HALF_HOUR) {
            // the values counted on their own on days no rollup is kept for any more
            jdbc.sql("delete from dimension_value where day < (:cutoff::timestamptz at time zone 'UTC')::date")
                    .param("cutoff", Timestamp.from(cutoff))
                    .update();
        }
    }
}
