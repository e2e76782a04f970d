package dev.inferencemetrics.rollup;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The part of a {@code request_rollup} row every read of it needs: the counts, the TTFT and ITL sketches as stored and
 * the failures by how they ended. Read by column name from any statement that selects {@link #COLUMNS}; the sketches
 * stay encoded until {@link #mergeInto} decodes them straight into a rollup's sketches.
 */
record RequestCounts(
        long requests,
        long okRequests,
        long inputTokens,
        long outputTokens,
        byte[] ttft,
        byte[] itl,
        long errorRequests,
        long timeoutRequests,
        long cancelledRequests) {

    /** The columns {@link #read} reads, unqualified. */
    static final String COLUMNS = "requests, ok_requests, input_tokens, output_tokens, ttft, itl, error_requests,"
            + " timeout_requests, cancelled_requests";

    static RequestCounts read(ResultSet rs) throws SQLException {
        return new RequestCounts(
                rs.getLong("requests"),
                rs.getLong("ok_requests"),
                rs.getLong("input_tokens"),
                rs.getLong("output_tokens"),
                rs.getBytes("ttft"),
                rs.getBytes("itl"),
                rs.getLong("error_requests"),
                rs.getLong("timeout_requests"),
                rs.getLong("cancelled_requests"));
    }

    /** Adds the counts and merges the sketches into {@code target}. */
    void mergeInto(RequestRollup target) {
        target.addCounts(requests, okRequests, inputTokens, outputTokens);
        target.ttft().mergeStored(ttft);
        target.itl().mergeStored(itl);
        target.addFailures(errorRequests, timeoutRequests, cancelledRequests);
    }
}
