package dev.inferencemetrics.ingest;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** Raw KV-cache readings; a reading already stored (same replica and time) is skipped. Rows go in in key order. */
@Repository
class KvSampleStore {

    private static final String INSERT = """
            insert into kv_sample (tenant_id, deployment_id, replica, ts, usage_pct)
            select :tenantId, u.deployment_id, u.replica, u.ts, u.usage_pct
            from unnest(:deploymentIds::bigint[], :replicas::text[], :ts::timestamptz[], :usages::real[])
                 as u(deployment_id, replica, ts, usage_pct)
            order by u.deployment_id, u.replica, u.ts
            on conflict do nothing
            returning deployment_id, replica, ts""";

    private static final String AROUND = """
            select s.deployment_id, s.replica, s.ts, s.usage_pct
              from unnest(:deploymentIds::bigint[], :replicas::text[], :froms::timestamptz[], :tos::timestamptz[])
                   as k(deployment_id, replica, from_ts, to_ts)
              join kv_sample s on s.tenant_id = :tenantId and s.deployment_id = k.deployment_id
                              and s.replica = k.replica and s.ts >= k.from_ts and s.ts <= k.to_ts""";

    private final JdbcClient jdbc;

    KvSampleStore(JdbcClient jdbc) {
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
        Map<Long, List<KvSample>> inserted = new HashMap<>();
        jdbc.sql(INSERT)
                .param("tenantId", tenantId)
                .param("deploymentIds", new SqlArrayValue("int8", deploymentIds.toArray()))
                .param(
                        "replicas",
                        new SqlArrayValue(
                                "text", samples.stream().map(KvSample::replica).toArray()))
                .param(
                        "ts",
                        new SqlArrayValue(
                                "timestamptz",
                                samples.stream()
                                        .map(s -> Timestamp.from(s.ts()))
                                        .toArray()))
                .param(
                        "usages",
                        new SqlArrayValue(
                                "float4",
                                samples.stream().map(s -> (float) s.usagePct()).toArray()))
                .query((RowCallbackHandler) rows -> {
                    long deploymentId = rows.getLong("deployment_id");
                    KvSample sample = byKey.get(new Key(
                            deploymentId,
                            rows.getString("replica"),
                            rows.getTimestamp("ts").toInstant()));
                    if (sample != null) {
                        inserted.computeIfAbsent(deploymentId, id -> new ArrayList<>())
                                .add(sample);
                    }
                });
        return inserted;
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
        jdbc.sql(AROUND)
                .param("deploymentIds", new SqlArrayValue("int8", deploymentIds.toArray()))
                .param("replicas", new SqlArrayValue("text", replicas.toArray()))
                .param("froms", new SqlArrayValue("timestamptz", froms.toArray()))
                .param("tos", new SqlArrayValue("timestamptz", tos.toArray()))
                .param("tenantId", tenantId)
                .query((RowCallbackHandler)
                        rows -> around.computeIfAbsent(rows.getLong("deployment_id"), id -> new ArrayList<>())
                                .add(new KvSample(
                                        rows.getTimestamp("ts").toInstant(),
                                        rows.getString("replica"),
                                        rows.getFloat("usage_pct"))));
        return around;
    }

    private record Key(long deploymentId, String replica, Instant ts) {}
}
