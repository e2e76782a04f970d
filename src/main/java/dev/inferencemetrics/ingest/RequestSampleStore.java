package dev.inferencemetrics.ingest;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

/**
 * Raw request samples. One statement a batch; a sample already stored (same request id and time) is skipped. Rows go
 * in in key order, so concurrent batches that share samples wait for each other instead of deadlocking.
 *
 * <p>Resends are rare, so a batch is first stored with a plain insert, which costs PostgreSQL about a third less than
 * {@code on conflict do nothing} (no speculative insertion, no second index probe, no rows sent back). Only a batch
 * that meets a stored sample, or repeats one, rolls back to a savepoint and takes the skipping path.
 */
@Repository
class RequestSampleStore {

    private static final String INSERT = """
            insert into request_sample (tenant_id, deployment_id, ts, request_id, status, ttft_ms, e2e_ms, tpot_ms,
                                        itl_gaps_ms, input_tokens, output_tokens, queue_ms, received_at)
            select ?, ?, u.ts, u.request_id, u.status, u.ttft, u.e2e, u.tpot, u.gaps, u.input_tokens, u.output_tokens,
                   u.queue, ?
            from unnest(?::timestamptz[], ?::text[], ?::smallint[], ?::real[], ?::real[], ?::real[], ?::bytea[],
                        ?::integer[], ?::integer[], ?::real[])
                 as u(ts, request_id, status, ttft, e2e, tpot, gaps, input_tokens, output_tokens, queue)
            order by u.request_id, u.ts""";

    private static final String INSERT_SKIPPING_STORED = INSERT + """

            on conflict do nothing
            returning request_id, ts""";

    private static final String UNIQUE_VIOLATION = "23505";

    private final JdbcTemplate jdbc;

    RequestSampleStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Removes the raw samples of "rollups only" deployments that are past their own hours (the schema owner's
     * function does it: the application role may not delete raw samples); how many went, by deployment id.
     */
    Map<Long, Long> deletePastDeploymentRetention() {
        Map<Long, Long> removed = new HashMap<>();
        jdbc.query(
                "select deployment_id, removed from delete_raw_samples_past_deployment_retention()",
                (RowCallbackHandler) rs -> removed.put(rs.getLong(1), rs.getLong(2)));
        return removed;
    }

    /** Stores the samples and returns those that were not stored before. Must run inside the caller's transaction. */
    List<RequestSample> insertNew(long tenantId, long deploymentId, List<RequestSample> samples, Instant receivedAt) {
        if (samples.isEmpty()) {
            return List.of();
        }
        Columns columns = new Columns(samples);
        return jdbc.execute((ConnectionCallback<List<RequestSample>>) connection -> {
            Savepoint savepoint = connection.setSavepoint();
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                columns.bind(connection, insert, tenantId, deploymentId, receivedAt);
                insert.executeUpdate();
                connection.releaseSavepoint(savepoint);
                return samples;
            } catch (SQLException e) {
                if (!UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    throw e;
                }
                connection.rollback(savepoint);
                return insertSkippingStored(connection, columns, samples, tenantId, deploymentId, receivedAt);
            }
        });
    }

    private static List<RequestSample> insertSkippingStored(
            Connection connection,
            Columns columns,
            List<RequestSample> samples,
            long tenantId,
            long deploymentId,
            Instant receivedAt)
            throws SQLException {
        Map<SampleKey, RequestSample> byKey = new HashMap<>(samples.size() * 2);
        for (RequestSample sample : samples) {
            byKey.putIfAbsent(new SampleKey(sample.requestId(), sample.ts()), sample);
        }
        try (PreparedStatement statement = connection.prepareStatement(INSERT_SKIPPING_STORED)) {
            columns.bind(connection, statement, tenantId, deploymentId, receivedAt);
            List<RequestSample> inserted = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    SampleKey key = new SampleKey(
                            rows.getString(1), rows.getTimestamp(2).toInstant());
                    RequestSample sample = byKey.get(key);
                    if (sample != null) {
                        inserted.add(sample);
                    }
                }
            }
            return inserted;
        }
    }

    /** The batch as one array a column, which {@code unnest} turns back into rows. */
    private static final class Columns {
        private final Timestamp[] ts;
        private final String[] ids;
        private final Short[] statuses;
        private final @Nullable Float[] ttft;
        private final @Nullable Float[] e2e;
        private final @Nullable Float[] tpot;
        private final byte[] @Nullable [] gaps;
        private final Integer[] inputTokens;
        private final Integer[] outputTokens;
        private final @Nullable Float[] queue;

        Columns(List<RequestSample> samples) {
            int n = samples.size();
            ts = new Timestamp[n];
            ids = new String[n];
            statuses = new Short[n];
            ttft = new @Nullable Float[n];
            e2e = new @Nullable Float[n];
            tpot = new @Nullable Float[n];
            gaps = new byte[n] @Nullable [];
            inputTokens = new Integer[n];
            outputTokens = new Integer[n];
            queue = new @Nullable Float[n];
            for (int i = 0; i < n; i++) {
                RequestSample sample = samples.get(i);
                ts[i] = Timestamp.from(sample.ts());
                ids[i] = sample.requestId();
                statuses[i] = sample.status().storedValue();
                ttft[i] = toFloat(sample.ttftMs());
                e2e[i] = toFloat(sample.e2eMs());
                tpot[i] = toFloat(sample.tpotMs());
                gaps[i] = pack(sample.itlGapsMs());
                inputTokens[i] = sample.inputTokens();
                outputTokens[i] = sample.outputTokens();
                queue[i] = toFloat(sample.queueMs());
            }
        }

        void bind(
                Connection connection,
                PreparedStatement statement,
                long tenantId,
                long deploymentId,
                Instant receivedAt)
                throws SQLException {
            int p = 1;
            statement.setLong(p++, tenantId);
            statement.setLong(p++, deploymentId);
            statement.setTimestamp(p++, Timestamp.from(receivedAt));
            statement.setArray(p++, connection.createArrayOf("timestamptz", ts));
            statement.setArray(p++, connection.createArrayOf("text", ids));
            statement.setArray(p++, connection.createArrayOf("int2", statuses));
            statement.setArray(p++, connection.createArrayOf("float4", ttft));
            statement.setArray(p++, connection.createArrayOf("float4", e2e));
            statement.setArray(p++, connection.createArrayOf("float4", tpot));
            statement.setArray(p++, connection.createArrayOf("bytea", gaps));
            statement.setArray(p++, connection.createArrayOf("int4", inputTokens));
            statement.setArray(p++, connection.createArrayOf("int4", outputTokens));
            statement.setArray(p, connection.createArrayOf("float4", queue));
        }
    }

    private static @Nullable Float toFloat(@Nullable Double value) {
        return value == null ? null : value.floatValue();
    }

    /** Token gaps as little-endian float32s: a quarter of the size of a JSON or text array. */
    private static byte @Nullable [] pack(float @Nullable [] gaps) {
        if (gaps == null) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.allocate(gaps.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float gap : gaps) {
            buffer.putFloat(gap);
        }
        return buffer.array();
    }

    private record SampleKey(String requestId, Instant ts) {}
}
