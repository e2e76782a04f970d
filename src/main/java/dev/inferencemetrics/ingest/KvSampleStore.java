package dev.inferencemetrics.ingest;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Raw KV-cache readings; a reading already stored (same replica and time) is skipped. Rows go in in key order. */
@Repository
class KvSampleStore {

    private static final String INSERT = """
            insert into kv_sample (tenant_id, deployment_id, replica, ts, usage_pct)
            select ?, ?, u.replica, u.ts, u.usage_pct
            from unnest(?::text[], ?::timestamptz[], ?::real[]) as u(replica, ts, usage_pct)
            order by u.replica, u.ts
            on conflict do nothing
            returning replica, ts""";

    private final JdbcTemplate jdbc;

    KvSampleStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<KvSample> insertNew(long tenantId, long deploymentId, List<KvSample> samples) {
        if (samples.isEmpty()) {
            return List.of();
        }
        Map<Key, KvSample> byKey = new HashMap<>();
        samples.forEach(sample -> byKey.putIfAbsent(new Key(sample.replica(), sample.ts()), sample));
        return jdbc.execute((ConnectionCallback<List<KvSample>>) connection -> {
            try (PreparedStatement statement = connection.prepareStatement(INSERT)) {
                statement.setLong(1, tenantId);
                statement.setLong(2, deploymentId);
                statement.setArray(
                        3,
                        connection.createArrayOf(
                                "text", samples.stream().map(KvSample::replica).toArray()));
                statement.setArray(
                        4,
                        connection.createArrayOf(
                                "timestamptz",
                                samples.stream()
                                        .map(s -> Timestamp.from(s.ts()))
                                        .toArray()));
                statement.setArray(
                        5,
                        connection.createArrayOf(
                                "float4",
                                samples.stream().map(s -> (float) s.usagePct()).toArray()));
                List<KvSample> inserted = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        KvSample sample = byKey.get(
                                new Key(rows.getString(1), rows.getTimestamp(2).toInstant()));
                        if (sample != null) {
                            inserted.add(sample);
                        }
                    }
                }
                return inserted;
            }
        });
    }

    private record Key(String replica, Instant ts) {}
}
