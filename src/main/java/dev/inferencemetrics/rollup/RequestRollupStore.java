package dev.inferencemetrics.rollup;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Merges request rollup deltas into the stored rollups: the write path. Writers add deltas inside the transaction
 * that stores the raw samples: new buckets are inserted, existing ones are locked in bucket order, merged in Java and
 * written back, so concurrent writers for the same bucket (on any number of app instances) serialise on the row and
 * never lose an update. One statement when every bucket is new, three when some exist. The reads are
 * {@link RequestRollupRangeStore} (one deployment) and {@link FleetRequestRollupStore} (many in one statement).
 */
@Repository
public class RequestRollupStore {

    /** The delta columns as arrays, one element a bucket, for {@code unnest}. */
    private static final String UNNESTED = """
            unnest(:buckets::timestamptz[], :requests::integer[], :okRequests::integer[], :inputTokens::bigint[],
                   :outputTokens::bigint[], :ttft::bytea[], :itl::bytea[], :e2e::bytea[], :queue::bytea[],
                   :errorRequests::integer[], :timeoutRequests::integer[], :cancelledRequests::integer[],
                   :inputTokensSketch::bytea[], :outputTokensSketch::bytea[], :countedRequests::integer[],
                   :countedOutputTokens::bigint[], :goodRequests::integer[], :goodOutputTokens::bigint[],
                   :incompleteRequests::integer[], :ttftBreaches::integer[], :itlBreaches::integer[],
                   :e2eBreaches::integer[])
                as u(bucket, requests, ok_requests, input_tokens, output_tokens, ttft, itl, e2e, queue,
                     error_requests, timeout_requests, cancelled_requests, input_tokens_sketch, output_tokens_sketch,
                     counted_requests, counted_output_tokens, good_requests, good_output_tokens, incomplete_requests,
                     ttft_breaches, itl_breaches, e2e_breaches)""";

    private static final String INSERT_NEW = """
            insert into request_rollup (tenant_id, deployment_id, resolution_s, bucket, requests, ok_requests,
                                        input_tokens, output_tokens, ttft, itl, e2e, queue, error_requests,
                                        timeout_requests, cancelled_requests, input_tokens_sketch,
                                        output_tokens_sketch, counted_requests, counted_output_tokens,
                                        good_requests, good_output_tokens, incomplete_requests, ttft_breaches,
                                        itl_breaches, e2e_breaches)
            select :tenantId, :deploymentId, :resolution, u.* from %s
            order by u.bucket
            on conflict do nothing
            returning bucket""".formatted(UNNESTED);

    private static final String LOCK_EXISTING = "select " + StoredRequestRollup.COLUMNS + """
             from request_rollup
            where tenant_id = :tenantId and deployment_id = :deploymentId and resolution_s = :resolution
              and bucket = any(:buckets::timestamptz[])
            order by bucket
            for update""";

    private static final String UPDATE =
            "update request_rollup r set " + StoredRequestRollup.ASSIGNMENTS + """
              from %s
             where r.tenant_id = :tenantId and r.deployment_id = :deploymentId and r.resolution_s = :resolution
               and r.bucket = u.bucket""".formatted(UNNESTED);

    private final JdbcClient jdbc;

    RequestRollupStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Adds the deltas (one per bucket) to the stored rollups. Must run inside the caller's transaction. */
    public void add(long tenantId, long deploymentId, Resolution resolution, Collection<RequestRollup> deltas) {
        if (deltas.isEmpty()) {
            return;
        }
        List<RequestRollup> sorted = deltas.stream()
                .sorted(Comparator.comparing(RequestRollup::bucket))
                .toList();
        Set<Instant> inserted =
                new HashSet<>(columns(key(jdbc.sql(INSERT_NEW), tenantId, deploymentId, resolution), sorted)
                        .query((rs, n) -> rs.getTimestamp("bucket").toInstant())
                        .list());
        List<RequestRollup> existing =
                sorted.stream().filter(d -> !inserted.contains(d.bucket())).toList();
        if (!existing.isEmpty()) {
            mergeExisting(tenantId, deploymentId, resolution, existing);
        }
    }

    private void mergeExisting(long tenantId, long deploymentId, Resolution resolution, List<RequestRollup> deltas) {
        Map<Instant, RequestRollup> byBucket =
                deltas.stream().collect(Collectors.toMap(RequestRollup::bucket, Function.identity()));
        List<RequestRollup> merged = new ArrayList<>(deltas.size());
        key(jdbc.sql(LOCK_EXISTING), tenantId, deploymentId, resolution)
                .param("buckets", new SqlArrayValue("timestamptz", timestamps(deltas)))
                .query(StoredRequestRollup.MAPPER)
                .list()
                .forEach(row -> {
                    RequestRollup stored = row.toRollup();
                    stored.merge(Objects.requireNonNull(
                            byBucket.get(stored.bucket()), "a locked row is one of the deltas' buckets"));
                    merged.add(stored);
                });
        if (merged.size() != deltas.size()) {
            throw new IllegalStateException("a rollup row vanished while being merged");
        }
        columns(key(jdbc.sql(UPDATE), tenantId, deploymentId, resolution), merged)
                .update();
    }

    private static JdbcClient.StatementSpec key(
            JdbcClient.StatementSpec statement, long tenantId, long deploymentId, Resolution resolution) {
        return statement
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("resolution", resolution.seconds());
    }

    /** Binds the rows' columns as the arrays {@link #UNNESTED} reads (and {@link DimensionRollupStore} too). */
    static JdbcClient.StatementSpec columns(JdbcClient.StatementSpec statement, List<RequestRollup> rows) {
        int n = rows.size();
        Integer[] requests = new Integer[n];
        Integer[] ok = new Integer[n];
        Long[] input = new Long[n];
        Long[] output = new Long[n];
        byte[][] ttft = new byte[n][];
        byte[][] itl = new byte[n][];
        byte[][] e2e = new byte[n][];
        byte[] @Nullable [] queue = new byte[n] @Nullable [];
        byte[] @Nullable [] inputSketch = new byte[n] @Nullable [];
        byte[] @Nullable [] outputSketch = new byte[n] @Nullable [];
        for (int i = 0; i < n; i++) {
            RequestRollup row = rows.get(i);
            requests[i] = Math.toIntExact(row.requests());
            ok[i] = Math.toIntExact(row.okRequests());
            input[i] = row.inputTokens();
            output[i] = row.outputTokens();
            ttft[i] = row.ttft().toBytes();
            itl[i] = row.itl().toBytes();
            e2e[i] = row.e2e().toBytes();
            // most deployments never report queue times; no sketch is stored for them
            queue[i] = row.queue().isEmpty() ? null : row.queue().toBytes();
            inputSketch[i] = optional(row.inputTokenSketch());
            outputSketch[i] = optional(row.outputTokenSketch());
        }
        return statement
                .param("buckets", new SqlArrayValue("timestamptz", timestamps(rows)))
                .param("requests", new SqlArrayValue("int4", requests))
                .param("okRequests", new SqlArrayValue("int4", ok))
                .param("inputTokens", new SqlArrayValue("int8", input))
                .param("outputTokens", new SqlArrayValue("int8", output))
                .param("ttft", new SqlArrayValue("bytea", ttft))
                .param("itl", new SqlArrayValue("bytea", itl))
                .param("e2e", new SqlArrayValue("bytea", e2e))
                .param("queue", sketchesOrNull(queue))
                .param("errorRequests", new SqlArrayValue("int4", failures(rows, FailedStatus.ERROR)))
                .param("timeoutRequests", new SqlArrayValue("int4", failures(rows, FailedStatus.TIMEOUT)))
                .param("cancelledRequests", new SqlArrayValue("int4", failures(rows, FailedStatus.CANCELLED)))
                .param("inputTokensSketch", sketchesOrNull(inputSketch))
                .param("outputTokensSketch", sketchesOrNull(outputSketch))
                .param("countedRequests", ints(rows, GoodputTally::counted))
                .param("countedOutputTokens", longs(rows, GoodputTally::countedOutputTokens))
                .param("goodRequests", ints(rows, GoodputTally::good))
                .param("goodOutputTokens", longs(rows, GoodputTally::goodOutputTokens))
                .param("incompleteRequests", ints(rows, GoodputTally::incomplete))
                .param("ttftBreaches", ints(rows, GoodputTally::ttftBreaches))
                .param("itlBreaches", ints(rows, GoodputTally::itlBreaches))
                .param("e2eBreaches", ints(rows, GoodputTally::e2eBreaches));
    }

    private static SqlArrayValue ints(List<RequestRollup> rows, ToLongFunction<GoodputTally> count) {
        return new SqlArrayValue(
                "int4",
                rows.stream()
                        .map(row -> Math.toIntExact(count.applyAsLong(row.goodput())))
                        .toArray(Integer[]::new));
    }

    private static SqlArrayValue longs(List<RequestRollup> rows, ToLongFunction<GoodputTally> count) {
        return new SqlArrayValue(
                "int8",
                rows.stream().map(row -> count.applyAsLong(row.goodput())).toArray(Long[]::new));
    }

    /**
     * A bytea array whose elements may be SQL null (no sketch stored). {@link SqlArrayValue}'s elements are declared
     * non-null, though it binds a null element as SQL null through {@code Connection.createArrayOf}.
     */
    @SuppressWarnings("NullAway")
    private static SqlArrayValue sketchesOrNull(byte[] @Nullable [] sketches) {
        return new SqlArrayValue("bytea", (Object[]) sketches);
    }

    private static Integer[] failures(List<RequestRollup> rows, FailedStatus status) {
        return rows.stream().map(row -> Math.toIntExact(row.failures(status))).toArray(Integer[]::new);
    }

    static Timestamp[] timestamps(List<RequestRollup> rows) {
        return rows.stream().map(row -> Timestamp.from(row.bucket())).toArray(Timestamp[]::new);
    }

    private static byte @Nullable [] optional(LatencySketch sketch) {
        return sketch.isEmpty() ? null : sketch.toBytes();
    }
}
