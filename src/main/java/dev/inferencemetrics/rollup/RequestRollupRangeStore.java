package dev.inferencemetrics.rollup;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads one deployment's request rollups of one resolution: its newest bucket, or its buckets in a range. */
@Repository
public class RequestRollupRangeStore {

    private static final String KEY =
            " from request_rollup where tenant_id = :tenantId and deployment_id = :deploymentId"
                    + " and resolution_s = :resolution";

    private static final String RANGE = KEY + " and bucket >= :from and bucket < :to";

    private static final String READ = "select " + StoredRequestRollup.COLUMNS + RANGE + " order by bucket";

    private final JdbcClient jdbc;

    RequestRollupRangeStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The start of the newest bucket holding requests, if any. */
    public Optional<Instant> latestBucket(long tenantId, long deploymentId, Resolution resolution) {
        return key(jdbc.sql("select max(bucket) as bucket" + KEY), tenantId, deploymentId, resolution)
                .query((rs, n) -> Optional.ofNullable(rs.getTimestamp("bucket")).map(Timestamp::toInstant))
                .single();
    }

    /** Whether any per-request source reported a request with {@code from ≤ bucket < to}. */
    public boolean anyIn(long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return Boolean.TRUE.equals(range(
                        jdbc.sql("select exists (select 1" + RANGE + " and requests > 0)"),
                        tenantId,
                        deploymentId,
                        resolution,
                        from,
                        to)
                .query(Boolean.class)
                .single());
    }

    /**
     * Merges the rollups with {@code from ≤ bucket < to} into the rollup {@code into} gives for each bucket. Each
     * stored sketch is decoded straight into that rollup's sketch, so a long window builds no sketch per row.
     */
    public void mergeInto(
            long tenantId,
            long deploymentId,
            Resolution resolution,
            Instant from,
            Instant to,
            Function<Instant, RequestRollup> into) {
        range(jdbc.sql(READ), tenantId, deploymentId, resolution, from, to).query((RowCallbackHandler) rs -> {
            StoredRequestRollup row = StoredRequestRollup.read(rs);
            row.mergeInto(into.apply(row.bucket()));
        });
    }

    /**
     * Merges one sketch column of the rollups with {@code from ≤ bucket < to} into the sketch {@code into} gives for
     * each bucket, reading no other column: one distribution over a day is a sixth of the decoding of
     * {@link #mergeInto}. Rows stored before the column existed hold none and add nothing.
     */
    public void mergeSketchInto(
            long tenantId,
            long deploymentId,
            RequestSketch sketch,
            Resolution resolution,
            Instant from,
            Instant to,
            Function<Instant, LatencySketch> into) {
        range(
                        jdbc.sql("select bucket, " + sketch.column() + " as sketch" + RANGE),
                        tenantId,
                        deploymentId,
                        resolution,
                        from,
                        to)
                .query((RowCallbackHandler) rs -> StoredRequestRollup.mergeOptional(
                        into.apply(rs.getTimestamp("bucket").toInstant()), rs.getBytes("sketch")));
    }

    private static JdbcClient.StatementSpec key(
            JdbcClient.StatementSpec statement, long tenantId, long deploymentId, Resolution resolution) {
        return statement
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("resolution", resolution.seconds());
    }

    private static JdbcClient.StatementSpec range(
            JdbcClient.StatementSpec statement,
            long tenantId,
            long deploymentId,
            Resolution resolution,
            Instant from,
            Instant to) {
        return key(statement, tenantId, deploymentId, resolution)
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to));
    }
}
