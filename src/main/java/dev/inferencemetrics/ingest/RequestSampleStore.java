package dev.inferencemetrics.ingest;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Raw request samples. One statement a batch; a sample already stored (same request id and time) is skipped. Rows go
 * in in key order, so concurrent batches that share samples wait for each other instead of deadlocking.
 */
@Repository
class RequestSampleStore {

    private static final String INSERT = """
            insert into request_sample (tenant_id, deployment_id, ts, request_id, status, ttft_ms, e2e_ms, tpot_ms,
                                        itl_gaps_ms, input_tokens, output_tokens, received_at)
            select ?, ?, u.ts, u.request_id, u.status, u.ttft, u.e2e, u.tpot, u.gaps, u.input_tokens, u.output_tokens, ?
            from unnest(?::timestamptz[], ?::text[], ?::smallint[], ?::real[], ?::real[], ?::real[], ?::bytea[],
                        ?::integer[], ?::integer[])
                 as u(ts, request_id, status, ttft, e2e, tpot, gaps, input_tokens, output_tokens)
            order by u.request_id, u.ts
            on conflict do nothing
            returning request_id, ts""";

    private final JdbcTemplate jdbc;

    RequestSampleStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores the samples and returns those that were not stored before. */
    List<RequestSample> insertNew(long tenantId, long deploymentId, List<RequestSample> samples, Instant receivedAt) {
        if (samples.isEmpty()) {
            return List.of();
        }
        return jdbc.execute((ConnectionCallback<List<RequestSample>>)
                connection -> insert(connection, tenantId, deploymentId, samples, receivedAt));
    }

    private static List<RequestSample> insert(
            Connection connection, long tenantId, long deploymentId, List<RequestSample> samples, Instant receivedAt)
            throws SQLException {
        int n = samples.size();
        Timestamp[] ts = new Timestamp[n];
        String[] ids = new String[n];
        Short[] statuses = new Short[n];
        Float[] ttft = new Float[n];
        Float[] e2e = new Float[n];
        Float[] tpot = new Float[n];
        byte[][] gaps = new byte[n][];
        Integer[] inputTokens = new Integer[n];
        Integer[] outputTokens = new Integer[n];
        Map<SampleKey, RequestSample> byKey = new HashMap<>(n * 2);
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
            byKey.putIfAbsent(new SampleKey(sample.requestId(), ts[i].toInstant()), sample);
        }
        try (PreparedStatement statement = connection.prepareStatement(INSERT)) {
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
            statement.setArray(p, connection.createArrayOf("int4", outputTokens));
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
