package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The write path of the dimension rollups. The ingest fold {@linkplain #add adds} the rollups of many batches at once to
 * the stored rows as {@link RequestRollupStore} merges the deployment's: existing rows are locked in key order, merged
 * in Java and written back, and new rows are inserted. Deltas that ingest appended to {@code dimension_rollup_delta} in
 * earlier versions are {@linkplain #takeDeltas taken} and added alike; readers read {@code dimension_rollup_live}, the
 * stored rows and any such delta together.
 */
@Repository
public class DimensionRollupStore {

    private static final String UNNESTED = """
            unnest(:dimensions::text[], :dimensionValues::text[], :resolutions::integer[], :buckets::timestamptz[],
                   :requests::integer[], :okRequests::integer[], :inputTokens::bigint[],
                   :outputTokens::bigint[], :ttft::bytea[], :itl::bytea[], :e2e::bytea[], :queue::bytea[],
                   :errorRequests::integer[], :timeoutRequests::integer[], :cancelledRequests::integer[],
                   :inputTokensSketch::bytea[], :outputTokensSketch::bytea[], :countedRequests::integer[],
                   :countedOutputTokens::bigint[], :goodRequests::integer[], :goodOutputTokens::bigint[],
                   :incompleteRequests::integer[], :ttftBreaches::integer[], :itlBreaches::integer[],
                   :e2eBreaches::integer[])
                as u(dimension, value, resolution_s, bucket, requests, ok_requests, input_tokens, output_tokens, ttft,
                     itl, e2e, queue, error_requests, timeout_requests, cancelled_requests, input_tokens_sketch,
                     output_tokens_sketch, counted_requests, counted_output_tokens, good_requests, good_output_tokens,
                     incomplete_requests, ttft_breaches, itl_breaches, e2e_breaches)""";

    /** The columns of both tables in the order of {@link #UNNESTED}, after the tenant and deployment. */
    private static final String INSERTED_COLUMNS = """
            (tenant_id, deployment_id, dimension, value, resolution_s, bucket, requests, ok_requests, input_tokens,
             output_tokens, ttft, itl, e2e, queue, error_requests, timeout_requests, cancelled_requests,
             input_tokens_sketch, output_tokens_sketch, counted_requests, counted_output_tokens, good_requests,
             good_output_tokens, incomplete_requests, ttft_breaches, itl_breaches, e2e_breaches)""";

    /** Deletes up to {@code :limit} waiting deltas that no other fold holds, and returns them. */
    private static final String TAKE_DELTAS = """
            delete from dimension_rollup_delta
             where (tenant_id, id) in (select tenant_id, id from dimension_rollup_delta
                                        limit :limit for update skip locked)
            returning tenant_id, deployment_id, dimension, value, resolution_s, """ + StoredRequestRollup.COLUMNS;

    /** Deletes and returns every waiting delta of one deployment, waiting for a fold that holds some to finish. */
    private static final String TAKE_DEPLOYMENT_DELTAS = """
            delete from dimension_rollup_delta where tenant_id = :tenantId and deployment_id = :deploymentId
            returning tenant_id, deployment_id, dimension, value, resolution_s, """ + StoredRequestRollup.COLUMNS;

    private static final String INSERT_NEW =
            "insert into dimension_rollup " + INSERTED_COLUMNS + """

            select :tenantId, :deploymentId, u.* from %s
            order by u.dimension, u.value, u.resolution_s, u.bucket
            on conflict do nothing
            returning dimension, value, resolution_s, bucket""".formatted(UNNESTED);

    /**
     * Locks and reads the stored rows of the keys, in the keys' order by the database's collation (as {@link
     * #INSERT_NEW} inserts them), so two folds never deadlock. Each key is one primary-key lookup, whatever the
     * planner's statistics say: a join it planned from stale statistics read every row of the deployment once for
     * every key, a third of a second for a few hundred keys.
     */
    private static final String LOCK_EXISTING = """
            select k.dimension, k.value, k.resolution_s, r.*
              from (select * from unnest(:dimensions::text[], :dimensionValues::text[], :resolutions::integer[],
                                         :buckets::timestamptz[]) as k(dimension, value, resolution_s, bucket)
                     order by dimension, value, resolution_s, bucket) k
             cross join lateral (
                   select %s from dimension_rollup
                    where tenant_id = :tenantId and deployment_id = :deploymentId and dimension = k.dimension
                      and value = k.value and resolution_s = k.resolution_s and bucket = k.bucket
                      for update) r""".formatted(StoredRequestRollup.COLUMNS);

    /**
     * Writes the merged rows over the stored ones, which {@link #LOCK_EXISTING} has locked: as an upsert, each row one
     * primary-key lookup, where an update joined with the unnested rows was planned from the statistics (see there).
     */
    private static final String UPDATE = "insert into dimension_rollup " + INSERTED_COLUMNS
            + """

            select :tenantId, :deploymentId, u.* from %s
            on conflict (tenant_id, deployment_id, dimension, value, resolution_s, bucket) do update set %s""".formatted(UNNESTED, StoredRequestRollup.assignmentsFrom("excluded"));

    private static final Comparator<DimensionRollup> KEY_ORDER = Comparator.<DimensionRollup, String>comparing(
                    d -> d.value().dimension().code())
            .thenComparing(d -> d.value().value())
            .thenComparingInt(d -> d.resolution().seconds())
            .thenComparing(d -> d.rollup().bucket());

    private final JdbcClient jdbc;

    DimensionRollupStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Deletes up to {@code limit} waiting deltas that no concurrent fold holds and returns them, one key's deltas merged
     * into one, for the caller to {@link #add} in the same transaction (across tenants).
     */
    public TakenDeltas takeDeltas(int limit) {
        return taken(jdbc.sql(TAKE_DELTAS).param("limit", limit));
    }

    /**
     * Adds every waiting delta of one deployment to its stored rows, after any fold that holds some of them has
     * finished: from then on, the stored rows hold all of the deployment's committed requests. Runs in the caller's
     * transaction.
     */
    public void foldDeployment(long tenantId, long deploymentId) {
        taken(key(jdbc.sql(TAKE_DEPLOYMENT_DELTAS), tenantId, deploymentId))
                .byDeployment()
                .forEach(deployment -> add(tenantId, deploymentId, deployment.deltas()));
    }

    private static TakenDeltas taken(JdbcClient.StatementSpec delete) {
        Map<Owner, Map<Key, DimensionRollup>> byDeployment = new HashMap<>();
        int[] rows = {0};
        delete.query((RowCallbackHandler) rs -> {
            rows[0]++;
            Owner deployment = new Owner(rs.getLong("tenant_id"), rs.getLong("deployment_id"));
            DimensionRollup delta = new DimensionRollup(
                    new DimensionValue(
                            Dimension.fromCode(rs.getString("dimension")).orElseThrow(), rs.getString("value")),
                    Resolution.ofSeconds(rs.getInt("resolution_s")),
                    StoredRequestRollup.read(rs).toRollup());
            byDeployment.computeIfAbsent(deployment, d -> new HashMap<>()).merge(Key.of(delta), delta, (a, b) -> {
                a.rollup().merge(b.rollup());
                return a;
            });
        });
        return new TakenDeltas(
                rows[0],
                byDeployment.entrySet().stream()
                        .map(e -> new DeploymentDeltas(
                                e.getKey().tenantId(),
                                e.getKey().deploymentId(),
                                List.copyOf(e.getValue().values())))
                        .toList());
    }

    /** The deltas one {@link #takeDeltas} took: how many rows, and by deployment. */
    public record TakenDeltas(int rows, List<DeploymentDeltas> byDeployment) {}

    /** One deployment's taken deltas, one per value, resolution and bucket. */
    public record DeploymentDeltas(long tenantId, long deploymentId, List<DimensionRollup> deltas) {}

    private record Owner(long tenantId, long deploymentId) {}

    /**
     * Adds the deltas (one per value, resolution and bucket) to the stored rows. Runs in the caller's transaction. Under
     * steady ingest nearly every key of a turn is stored already (its value's minute and half hour): those rows are
     * locked and merged first, and only the keys not found are inserted, so the deltas of stored rows are sent once;
     * a key another fold inserted meanwhile is merged after all.
     */
    public void add(long tenantId, long deploymentId, Collection<DimensionRollup> deltas) {
        if (deltas.isEmpty()) {
            return;
        }
        List<DimensionRollup> sorted = deltas.stream().sorted(KEY_ORDER).toList();
        List<DimensionRollup> missing = mergeExisting(tenantId, deploymentId, sorted);
        if (missing.isEmpty()) {
            return;
        }
        Set<Key> inserted = new HashSet<>();
        columns(key(jdbc.sql(INSERT_NEW), tenantId, deploymentId), missing)
                .query((RowCallbackHandler) rs -> inserted.add(Key.read(rs)));
        List<DimensionRollup> raced =
                missing.stream().filter(d -> !inserted.contains(Key.of(d))).toList();
        if (!mergeExisting(tenantId, deploymentId, raced).isEmpty()) {
            throw new IllegalStateException("a dimension rollup row vanished while being merged");
        }
    }

    /** Merges the deltas into the stored rows of their keys, and returns the deltas whose rows are not stored. */
    private List<DimensionRollup> mergeExisting(long tenantId, long deploymentId, List<DimensionRollup> deltas) {
        if (deltas.isEmpty()) {
            return deltas;
        }
        Map<Key, DimensionRollup> byKey = HashMap.newHashMap(deltas.size());
        deltas.forEach(d -> byKey.put(Key.of(d), d));
        List<DimensionRollup> merged = new ArrayList<>(deltas.size());
        keys(key(jdbc.sql(LOCK_EXISTING), tenantId, deploymentId), deltas).query((RowCallbackHandler) rs -> {
            DimensionRollup delta =
                    Objects.requireNonNull(byKey.remove(Key.read(rs)), "a locked row is one of the deltas' keys");
            RequestRollup stored = StoredRequestRollup.read(rs).toRollup();
            stored.merge(delta.rollup());
            merged.add(new DimensionRollup(delta.value(), delta.resolution(), stored));
        });
        if (!merged.isEmpty()) {
            columns(key(jdbc.sql(UPDATE), tenantId, deploymentId), merged).update();
        }
        return deltas.stream().filter(d -> byKey.containsKey(Key.of(d))).toList();
    }

    private static JdbcClient.StatementSpec key(JdbcClient.StatementSpec statement, long tenantId, long deploymentId) {
        return statement.param("tenantId", tenantId).param("deploymentId", deploymentId);
    }

    private static JdbcClient.StatementSpec columns(JdbcClient.StatementSpec statement, List<DimensionRollup> rows) {
        return RequestRollupStore.columns(
                keys(statement, rows),
                rows.stream().map(DimensionRollup::rollup).toList());
    }

    /** Binds the rows' keys; the buckets are bound again, identically, by {@link RequestRollupStore#columns}. */
    private static JdbcClient.StatementSpec keys(JdbcClient.StatementSpec statement, List<DimensionRollup> rows) {
        return statement
                .param(
                        "dimensions",
                        new SqlArrayValue(
                                "text",
                                rows.stream()
                                        .map(d -> d.value().dimension().code())
                                        .toArray(String[]::new)))
                .param(
                        "dimensionValues",
                        new SqlArrayValue(
                                "text",
                                rows.stream().map(d -> d.value().value()).toArray(String[]::new)))
                .param(
                        "resolutions",
                        new SqlArrayValue(
                                "int4",
                                rows.stream().map(d -> d.resolution().seconds()).toArray(Integer[]::new)))
                .param(
                        "buckets",
                        new SqlArrayValue(
                                "timestamptz",
                                rows.stream()
                                        .map(d -> Timestamp.from(d.rollup().bucket()))
                                        .toArray(Timestamp[]::new)));
    }

    private record Key(String dimension, String value, int resolution, Instant bucket) {
        static Key of(DimensionRollup d) {
            return new Key(
                    d.value().dimension().code(),
                    d.value().value(),
                    d.resolution().seconds(),
                    d.rollup().bucket());
        }

        static Key read(java.sql.ResultSet rs) throws java.sql.SQLException {
            return new Key(
                    rs.getString("dimension"),
                    rs.getString("value"),
                    rs.getInt("resolution_s"),
                    rs.getTimestamp("bucket").toInstant());
        }
    }
}
