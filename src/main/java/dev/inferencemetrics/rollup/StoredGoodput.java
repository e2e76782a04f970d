package dev.inferencemetrics.rollup;

import java.sql.ResultSet;
import java.sql.SQLException;

/** The goodput counts of a {@code request_rollup} row, read by column name from a statement that selects {@link #COLUMNS}. */
record StoredGoodput(
        long counted,
        long countedOutputTokens,
        long good,
        long goodOutputTokens,
        long incomplete,
        long ttftBreaches,
        long itlBreaches,
        long e2eBreaches) {

    static final String COLUMNS = "counted_requests, counted_output_tokens, good_requests, good_output_tokens,"
            + " incomplete_requests, ttft_breaches, itl_breaches, e2e_breaches";

    static StoredGoodput read(ResultSet rs) throws SQLException {
        return new StoredGoodput(
                rs.getLong("counted_requests"),
                rs.getLong("counted_output_tokens"),
                rs.getLong("good_requests"),
                rs.getLong("good_output_tokens"),
                rs.getLong("incomplete_requests"),
                rs.getLong("ttft_breaches"),
                rs.getLong("itl_breaches"),
                rs.getLong("e2e_breaches"));
    }

    void addTo(GoodputTally target) {
        target.add(
                counted,
                countedOutputTokens,
                good,
                goodOutputTokens,
                incomplete,
                ttftBreaches,
                itlBreaches,
                e2eBreaches);
    }
}
