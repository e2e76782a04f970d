package dev.inferencemetrics.rollup;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads one deployment's dimension rollups of one resolution: one value's buckets (all columns or one sketch), or
 * every value merged.
 */
@Repository
public class DimensionRollupRangeStore {

    private static final String RANGE = " from dimension_rollup_live where tenant_id = :tenantId and deployment_id ="
            + " :deploymentId and dimension = :dimension and resolution_s = :resolution and bucket >= :from"
            + " and bucket < :to";

    private final JdbcClient jdbc;

    DimensionRollupRangeStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Merges one value's rollups with {@code from ≤ bucket < to} into the rollup {@code into} gives per bucket. */
    public void mergeInto(
            long tenantId,
            long deploymentId,
            DimensionValue value,
            Resolution resolution,
            Instant from,
            Instant to,
            Function<Instant, RequestRollup> into) {
        range(
                        jdbc.sql("select " + StoredRequestRollup.COLUMNS + RANGE
                                + " and value = :value order by bucket"),
                        tenantId,
                        deploymentId,
                        value.dimension(),
                        resolution,
                        from,
                        to)
                .param("value", value.value())
                .query((RowCallbackHandler) rs -> {
                    StoredRequestRollup row = StoredRequestRollup.read(rs);
                    row.mergeInto(into.apply(row.bucket()));
                });
    }

    /**
     * Merges one sketch column of one value's rollups with {@code from ≤ bucket < to} into the sketch {@code into}
     * gives per bucket, reading no other column (the heatmap of one consumer, adapter or priority).
     */
    public void mergeSketchInto(
            long tenantId,
            long deploymentId,
            DimensionValue value,
            RequestSketch sketch,
            Resolution resolution,
            Instant from,
            Instant to,
            Function<Instant, LatencySketch> into) {
        range(
                        jdbc.sql("select bucket, " + sketch.column() + " as sketch" + RANGE + " and value = :value"),
                        tenantId,
                        deploymentId,
                        value.dimension(),
                        resolution,
                        from,
                        to)
                .param("value", value.value())
                .query((RowCallbackHandler) rs -> StoredRequestRollup.mergeOptional(
                        into.apply(rs.getTimestamp("bucket").toInstant()), rs.getBytes("sketch")));
    }

    /**
     * Every value's rollups with {@code from ≤ bucket < to}, each merged into one rollup (bucket {@code from}), by
     * stored value; {@link DimensionValue#OTHER} holds the traffic past the days' caps.
     */
    public Map<String, RequestRollup> byValue(
            long tenantId, long deploymentId, Dimension dimension, Resolution resolution, Instant from, Instant to) {
        Map<String, RequestRollup> merged = new HashMap<>();
        range(
                        jdbc.sql("select value, " + StoredRequestRollup.COLUMNS + RANGE),
                        tenantId,
                        deploymentId,
                        dimension,
                        resolution,
                        from,
                        to)
                .query((RowCallbackHandler) rs -> StoredRequestRollup.read(rs)
                        .mergeInto(merged.computeIfAbsent(rs.getString("value"), v -> new RequestRollup(from))));
        return merged;
    }

    /** Whether some traffic of the dimension was counted under "other" in the window: a day's cap was reached. */
    public boolean anyOther(
            long tenantId, long deploymentId, Dimension dimension, Resolution resolution, Instant from, Instant to) {
        return Boolean.TRUE.equals(range(
                        jdbc.sql("select exists (select 1" + RANGE + " and value = '')"),
                        tenantId,
                        deploymentId,
                        dimension,
                        resolution,
                        from,
                        to)
                .query(Boolean.class)
                .single());
    }

    private static JdbcClient.StatementSpec range(
            JdbcClient.StatementSpec statement,
            long tenantId,
            long deploymentId,
            Dimension dimension,
            Resolution resolution,
            Instant from,
            Instant to) {
        return statement
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("dimension", dimension.code())
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to));
    }
}
