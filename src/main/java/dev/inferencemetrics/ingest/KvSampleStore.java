package dev.inferencemetrics.ingest;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Raw KV-cache readings; a reading already stored (same replica and time) is skipped. Rows go in in key order. */
@Repository
class KvSampleStore {

    private static final String INSERT = """
            insert into kv_sample (tenant_id, deployment_id, replica, ts, usage_pct)
            select ?, u.deployment_id, u.replica, u.ts, u.usage_pct
            from unnest(?::bigint[], ?::text[], ?::timestamptz[], ?::real[])
                 as u(deployment_id, replica, ts, usage_pct)
            order by u.deployment_id, u.replica, u.ts
            on conflict do nothing
            returning deployment_id, replica, ts""";

    private static final String AROUND = """
            select s.deployment_id, s.replica, s.ts, s.usage_pct
              from unnest(?::bigint[], ?::text[], ?::timestamptz[], ?::timestamptz[])
                   as k(deployment_id, replica, from_ts, to_ts)
              join kv_sample s on s.tenant_id = ? and s.deployment_id = k.deployment_id and s.replica = k.replica
                              and s.ts >= k.from_ts and s.ts <= k.to_ts""";

    private final JdbcTemplate jdbc;

    KvSampleStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<KvSample> insertNew(long tenantId, long deploymentId, List<KvSample> samples) {
        return insertNew(tenantId, Map.of(deploymentId, samples)).getOrDefault(deploymentId, List.of());
    }

    /** Inserts the readings of many deployments in one statement; returns those newly stored, by deployment id. */
    Map<Long, List<KvSample>> insertNew(long tenantId, Map<Long, List<KvSample>> byDeployment) {
        Map<Key, KvSample> byKey = new HashMap<>();
        List<Long> deploymentIds = new ArrayList<>();
        List<KvSample> samples = new ArrayList<>();
        byDeployment.forEach((deploymentId, readings) -> readings.forEach(sample -> {
            byKey.putIfAbsent(new Key(deploymentId, sample.replica(), sample.ts()), sample);
            deploymentIds.add(deploymentId);
            samples.add(sample);
        }));
        if (samples.isEmpty()) {
            return Map.of();
        }
        return jdbc.execute((ConnectionCallback<Map<Long, List<KvSample>>>) connection -> {
            try (PreparedStatement statement = connection.prepareStatement(INSERT)) {
                statement.setLong(1, tenantId);
                statement.setArray(2, connection.createArrayOf("int8", deploymentIds.toArray()));
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
                Map<Long, List<KvSample>> inserted = new HashMap<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        long deploymentId = rows.getLong(1);
                        KvSample sample = byKey.get(new Key(
                                deploymentId,
                                rows.getString(2),
                                rows.getTimestamp(3).toInstant()));
                        if (sample != null) {
                            inserted.computeIfAbsent(deploymentId, id -> new ArrayList<>())
                                    .add(sample);
                        }
                    }
                }
                return inserted;
            }
        });
    }

    /**
     * The stored readings of the replicas in {@code readings}, from {@code reach} before each replica's first
     * reading there to {@code reach} after its last, by deployment id: what the time those readings cover depends on.
     */
    Map<Long, List<KvSample>> around(long tenantId, Map<Long, List<KvSample>> readings, Duration reach) {
        List<Object> deploymentIds = new ArrayList<>();
        List<Object> replicas = new ArrayList<>();
        List<Object> froms = new ArrayList<>();
        List<Object> tos = new ArrayList<>();
        readings.forEach((deploymentId, samples) -> samples.stream()
                .collect(Collectors.groupingBy(KvSample::replica))
                .forEach((replica, mine) -> {
                    deploymentIds.add(deploymentId);
                    replicas.add(replica);
                    froms.add(Timestamp.from(mine.stream()
                            .map(KvSample::ts)
                            .min(Instant::compareTo)
                            .orElseThrow()
                            .minus(reach)));
                    tos.add(Timestamp.from(mine.stream()
                            .map(KvSample::ts)
                            .max(Instant::compareTo)
                            .orElseThrow()
                            .plus(reach)));
                }));
        Map<Long, List<KvSample>> around = new HashMap<>();
        if (deploymentIds.isEmpty()) {
            return around;
        }
        jdbc.execute((ConnectionCallback<@Nullable Void>) connection -> {
            try (PreparedStatement statement = connection.prepareStatement(AROUND)) {
                statement.setArray(1, connection.createArrayOf("int8", deploymentIds.toArray()));
                statement.setArray(2, connection.createArrayOf("text", replicas.toArray()));
                statement.setArray(3, connection.createArrayOf("timestamptz", froms.toArray()));
                statement.setArray(4, connection.createArrayOf("timestamptz", tos.toArray()));
                statement.setLong(5, tenantId);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        around.computeIfAbsent(rows.getLong(1), id -> new ArrayList<>())
                                .add(new KvSample(
                                        rows.getTimestamp(3).toInstant(), rows.getString(2), rows.getFloat(4)));
                    }
                }
            }
            return null;
        });
        return around;
    }

    private record Key(long deploymentId, String replica, Instant ts) {}
}
