package dev.inferencemetrics.rollup;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;

/**
 * A whole {@code request_rollup} row of one deployment and resolution, as stored: what the merge-on-write path locks
 * and rewrites, and what a single deployment's full read merges. Rows stored before queue times or the token
 * sketches existed hold none of them; nor do buckets with nothing in them.
 */
record StoredRequestRollup(
        Instant bucket,
        RequestCounts counts,
        byte[] e2e,
        byte @Nullable [] queue,
        byte @Nullable [] inputTokensSketch,
        byte @Nullable [] outputTokensSketch,
        StoredGoodput goodput) {

    /** The columns {@link #MAPPER} reads, unqualified. */
    static final String COLUMNS = "bucket, " + RequestCounts.COLUMNS
            + ", e2e, queue, input_tokens_sketch, output_tokens_sketch, " + StoredGoodput.COLUMNS;

    /** Sets every column of {@link #COLUMNS} but the bucket from the same column of the unnested rows {@code u}. */
    static final String ASSIGNMENTS = assignmentsFrom("u");

    /** Sets every column of {@link #COLUMNS} but the bucket from the same column of {@code source}. */
    static String assignmentsFrom(String source) {
        return Arrays.stream(COLUMNS.split(",\\s*"))
                .filter(column -> !column.equals("bucket"))
                .map(column -> column + " = " + source + "." + column)
                .collect(Collectors.joining(", "));
    }

    static final RowMapper<StoredRequestRollup> MAPPER = (rs, n) -> read(rs);

    /** Reads the row the result set is on, for a statement that selects {@link #COLUMNS}. */
    static StoredRequestRollup read(ResultSet rs) throws SQLException {
        return new StoredRequestRollup(
                rs.getTimestamp("bucket").toInstant(),
                RequestCounts.read(rs),
                rs.getBytes("e2e"),
                rs.getBytes("queue"),
                rs.getBytes("input_tokens_sketch"),
                rs.getBytes("output_tokens_sketch"),
                StoredGoodput.read(rs));
    }

    /** The row as a rollup of its own, each sketch decoded as stored. */
    RequestRollup toRollup() {
        RequestRollup stored = new RequestRollup(
                bucket,
                counts.requests(),
                counts.okRequests(),
                counts.inputTokens(),
                counts.outputTokens(),
                LatencySketch.fromBytes(counts.ttft()),
                LatencySketch.fromBytes(counts.itl()),
                LatencySketch.fromBytes(e2e),
                storedOrEmpty(queue),
                storedOrEmpty(inputTokensSketch),
                storedOrEmpty(outputTokensSketch));
        stored.addFailures(counts.errorRequests(), counts.timeoutRequests(), counts.cancelledRequests());
        goodput.addTo(stored.goodput());
        return stored;
    }

    /** Adds the row to {@code target}, decoding each stored sketch straight into its sketch. */
    void mergeInto(RequestRollup target) {
        counts.mergeInto(target);
        target.e2e().mergeStored(e2e);
        mergeOptional(target.queue(), queue);
        mergeOptional(target.inputTokenSketch(), inputTokensSketch);
        mergeOptional(target.outputTokenSketch(), outputTokensSketch);
        goodput.addTo(target.goodput());
    }

    private static LatencySketch storedOrEmpty(byte @Nullable [] stored) {
        return stored == null ? LatencySketch.empty() : LatencySketch.fromBytes(stored);
    }

    static void mergeOptional(LatencySketch target, byte @Nullable [] stored) {
        if (stored != null) {
            target.mergeStored(stored);
        }
    }
}
