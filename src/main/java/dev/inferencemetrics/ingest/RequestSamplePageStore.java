package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.DimensionValue;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads one page of an interval's raw request samples, for the drill-down. The interval is
 * found through {@code request_sample_deployment_time_idx}; the page follows the keyset cursor, so a later page
 * costs what the first does and rows arriving meanwhile never shift it.
 */
@Repository
public class RequestSamplePageStore {

    private static final String[] STATUS = {"ok", "error", "timeout", "cancelled"};

    private final JdbcClient jdbc;

    RequestSamplePageStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Rows of {@code [from, to)} after the cursor, in the order asked, of those with the value of a dimension
     * {@code filter} names (null: all); the caller has declared its tenant.
     */
    public List<Row> page(
            long tenantId,
            long deploymentId,
            Instant from,
            Instant to,
            @Nullable DimensionValue filter,
            SampleOrder sort,
            boolean descending,
            @Nullable RequestCursor after,
            int limit) {
        String direction = descending ? "desc" : "asc";
        StringBuilder sql = new StringBuilder("select request_id, ts, status, ttft_ms, e2e_ms, queue_ms, input_tokens,"
                + " output_tokens, " + SampleOrder.ITL_MS + " as itl_ms, " + sort.key() + " as sort_key"
                + " from request_sample s where tenant_id = :tenantId and deployment_id = :deploymentId"
                + " and ts >= :from and ts < :to");
        Map<String, Object> params = new HashMap<>(Map.of(
                "tenantId", tenantId,
                "deploymentId", deploymentId,
                "from", Timestamp.from(from),
                "to", Timestamp.from(to),
                "limit", limit));
        if (filter != null) {
            // the columns are named by the dimension's own code (consumer, adapter or priority), never by the caller
            sql.append(" and ").append(DimensionCodeStore.hasValue(filter.dimension(), "s", "dimensionValue"));
            params.put("dimensionValue", filter.value());
        }
        if (after != null) {
            sql.append(" and (")
                    .append(sort.key())
                    .append(", ts, request_id) ")
                    .append(descending ? "<" : ">")
                    .append(" (:afterKey, :afterTs, :afterRequestId)");
            params.put("afterKey", after.key());
            params.put("afterTs", Timestamp.from(after.ts()));
            params.put("afterRequestId", after.requestId());
        }
        sql.append(" order by sort_key ")
                .append(direction)
                .append(", ts ")
                .append(direction)
                .append(", request_id ")
                .append(direction)
                .append(" limit :limit");
        return jdbc.sql(sql.toString()).params(params).query(ROW).list();
    }

    private static final RowMapper<Row> ROW = (rs, n) -> row(rs);

    private static Row row(ResultSet rs) throws SQLException {
        Instant ts = rs.getTimestamp("ts").toInstant();
        RequestRow request = new RequestRow(
                rs.getString("request_id"),
                ts,
                STATUS[rs.getShort("status")],
                value(rs, "ttft_ms"),
                value(rs, "itl_ms"),
                value(rs, "e2e_ms"),
                value(rs, "queue_ms"),
                rs.getInt("input_tokens"),
                rs.getInt("output_tokens"));
        return new Row(request, new RequestCursor(rs.getDouble("sort_key"), ts, request.requestId()));
    }

    private static @Nullable Double value(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }

    /** A row of a page, with the cursor that continues after it. */
    public record Row(RequestRow request, RequestCursor cursor) {}
}
