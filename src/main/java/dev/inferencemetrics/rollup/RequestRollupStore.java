package dev.inferencemetrics.rollup;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;

/**
 * Reads and merges request rollups. Writers add deltas inside the transaction that stores the raw samples: new
 * buckets are inserted, existing ones are locked in bucket order, merged in Java and written back, so concurrent
 * writers for the same bucket (on any number of app instances) serialise on the row and never lose an update.
 */
@Repository
public class RequestRollupStore {

    private static final String COLUMNS =
            "bucket, requests, ok_requests, input_tokens, output_tokens, ttft, itl, e2e, queue, error_requests,"
                    + " timeout_requests, cancelled_requests, input_tokens_sketch, output_tokens_sketch";

    private static final String INSERT_NEW = """
            insert into request_rollup (tenant_id, deployment_id, resolution_s, bucket, requests, ok_requests,
                                        input_tokens, output_tokens, ttft, itl, e2e, queue, error_requests,
                                        timeout_requests, cancelled_requests, input_tokens_sketch,
                                        output_tokens_sketch)
            select ?, ?, ?, u.* from unnest(?::timestamptz[], ?::integer[], ?::integer[], ?::bigint[], ?::bigint[],
                                            ?::bytea[], ?::bytea[], ?::bytea[], ?::bytea[], ?::integer[],
                                            ?::integer[], ?::integer[], ?::bytea[], ?::bytea[])
                 as u(bucket, requests, ok_requests, input_tokens, output_tokens, ttft, itl, e2e, queue,
                      error_requests, timeout_requests, cancelled_requests, input_tokens_sketch, output_tokens_sketch)
            order by u.bucket
            on conflict do nothing
            returning bucket""";

    private static final String LOCK_EXISTING = "select " + COLUMNS + """
             from request_rollup
            where tenant_id = ? and deployment_id = ? and resolution_s = ? and bucket = any(?::timestamptz[])
            order by bucket
            for update""";

    private static final String UPDATE = """
            update request_rollup r
               set requests = u.requests, ok_requests = u.ok_requests, input_tokens = u.input_tokens,
                   output_tokens = u.output_tokens, ttft = u.ttft, itl = u.itl, e2e = u.e2e, queue = u.queue,
                   error_requests = u.error_requests, timeout_requests = u.timeout_requests,
                   cancelled_requests = u.cancelled_requests, input_tokens_sketch = u.input_tokens_sketch,
                   output_tokens_sketch = u.output_tokens_sketch
              from unnest(?::timestamptz[], ?::integer[], ?::integer[], ?::bigint[], ?::bigint[],
                          ?::bytea[], ?::bytea[], ?::bytea[], ?::bytea[], ?::integer[], ?::integer[], ?::integer[],
                          ?::bytea[], ?::bytea[])
                   as u(bucket, requests, ok_requests, input_tokens, output_tokens, ttft, itl, e2e, queue,
                        error_requests, timeout_requests, cancelled_requests, input_tokens_sketch,
                        output_tokens_sketch)
             where r.tenant_id = ? and r.deployment_id = ? and r.resolution_s = ? and r.bucket = u.bucket""";

    private static final String READ = "select " + COLUMNS + """
             from request_rollup
            where tenant_id = ? and deployment_id = ? and resolution_s = ? and bucket >= ? and bucket < ?
            order by bucket""";

    /** The fleet overview shows counts, TTFT and ITL: the E2E and queue sketches are not read at all. */
    private static final String READ_FLEET = """
            select k.deployment_id, r.bucket, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft,
                   r.itl, r.error_requests, r.timeout_requests, r.cancelled_requests
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= ? and bucket < ?
                   offset 0) r""";

    /**
     * Each deployment's rollups over a {@link RollupSpan}: the minute rollups before its whole half hours, the
     * half-hour rollups, and the last, unfinished half hour: its one half-hour rollup where no minute of it lies past
     * the window's end (the usual case, as the window ends now), else its minute rollups up to the end. Counts, TTFT
     * and ITL only.
     */
    private static final String READ_FLEET_SPAN = """
            select k.deployment_id, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft, r.itl,
                   r.error_requests, r.timeout_requests, r.cancelled_requests
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select exists (select 1 from request_rollup
                                   where tenant_id = k.tenant_id and deployment_id = k.deployment_id
                                     and resolution_s = 60 and bucket >= ? and bucket < ?) as past_end
                   offset 0) later
             cross join lateral (
            """
            + String.join(
                    "\nunion all\n",
                    fleetSpanPart("", Resolution.MINUTE),
                    fleetSpanPart("", Resolution.HALF_HOUR),
                    fleetSpanPart("not later.past_end and", Resolution.HALF_HOUR),
                    fleetSpanPart("later.past_end and", Resolution.MINUTE))
            + "\noffset 0) r";

    /** One part of {@link #READ_FLEET_SPAN}: a deployment's rollups of one resolution in a range, if the condition holds. */
    private static String fleetSpanPart(String condition, Resolution resolution) {
        return """
                select requests, ok_requests, input_tokens, output_tokens, ttft, itl, error_requests,
                       timeout_requests, cancelled_requests
                  from request_rollup
                 where %s tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = %d
                   and bucket >= ? and bucket < ?""".formatted(condition, resolution.seconds());
    }

    /** Each deployment's TTFT sketches, for the trends of the rows a page shows. */
    private static final String READ_FLEET_TTFT = """
            select k.deployment_id, r.bucket, r.ttft
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select bucket, ttft from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= ? and bucket < ?
                   offset 0) r""";

    /** Which buckets each deployment has, and how many requests each holds: no sketch is read. */
    private static final String READ_FLEET_SIZES = """
            select k.deployment_id, r.bucket, r.requests
              from unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select bucket, requests from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= ? and bucket < ?
                    order by bucket
                   offset 0) r""";

    /** Counts and the three latency sketches of each deployment's buckets from its own start on. */
    private static final String READ_FLEET_LATENCIES_SINCE = """
            select k.deployment_id, r.bucket, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft,
                   r.itl, r.e2e, r.error_requests, r.timeout_requests, r.cancelled_requests
              from unnest(?::bigint[], ?::bigint[], ?::timestamptz[]) as k(tenant_id, deployment_id, since)
             cross join lateral (
                   select * from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = ?
                      and bucket >= k.since and bucket < ?
                    order by bucket
                   offset 0) r""";

    private final JdbcTemplate jdbc;

    RequestRollupStore(JdbcTemplate jdbc) {
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
        jdbc.execute((ConnectionCallback<@Nullable Void>) connection -> {
            Set<Instant> inserted = insertNew(connection, tenantId, deploymentId, resolution, sorted);
            List<RequestRollup> existing =
                    sorted.stream().filter(d -> !inserted.contains(d.bucket())).toList();
            if (!existing.isEmpty()) {
                mergeExisting(connection, tenantId, deploymentId, resolution, existing);
            }
            return null;
        });
    }

    /** The start of the newest bucket holding requests, if any. */
    public Optional<Instant> latestBucket(long tenantId, long deploymentId, Resolution resolution) {
        return Optional.ofNullable(jdbc.queryForObject(
                        "select max(bucket) from request_rollup"
                                + " where tenant_id = ? and deployment_id = ? and resolution_s = ?",
                        Timestamp.class,
                        tenantId,
                        deploymentId,
                        resolution.seconds()))
                .map(Timestamp::toInstant);
    }

    /** Whether any per-request source reported a request with {@code from ≤ bucket < to}. */
    public boolean anyIn(long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "select exists (select 1 from request_rollup where tenant_id = ? and deployment_id = ?"
                        + " and resolution_s = ? and bucket >= ? and bucket < ? and requests > 0)",
                Boolean.class,
                tenantId,
                deploymentId,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to)));
    }

    /**
     * Merges the rollups with {@code from ≤ bucket < to} into the rollup {@code into} gives for each bucket. Each
     * stored sketch is decoded straight into that rollup's sketch, so a long window builds no sketch per row.
     */
    public void mergeInto(
            long tenantId,
            long deploymentId,
            Resolution resolution,
            Instant from,
            Instant to,
            Function<Instant, RequestRollup> into) {
        jdbc.query(
                READ,
                (RowCallbackHandler) rs -> {
                    RequestRollup target = into.apply(rs.getTimestamp(1).toInstant());
                    target.addCounts(rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5));
                    target.ttft().mergeStored(rs.getBytes(6));
                    target.itl().mergeStored(rs.getBytes(7));
                    target.e2e().mergeStored(rs.getBytes(8));
                    mergeOptional(target.queue(), rs.getBytes(9));
                    target.addFailures(rs.getLong(10), rs.getLong(11), rs.getLong(12));
                    mergeOptional(target.inputTokenSketch(), rs.getBytes(13));
                    mergeOptional(target.outputTokenSketch(), rs.getBytes(14));
                },
                tenantId,
                deploymentId,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to));
    }

    /**
     * Merges one sketch column of the rollups with {@code from ≤ bucket < to} into the sketch {@code into} gives for
     * each bucket, reading no other column: one distribution over a day is a sixth of the decoding of
     * {@link #mergeInto}. Rows stored before the column existed hold none and add nothing.
     */
    public void mergeSketchInto(
            long tenantId,
            long deploymentId,
            RequestSketch sketch,
            Resolution resolution,
            Instant from,
            Instant to,
            Function<Instant, LatencySketch> into) {
        jdbc.query(
                "select bucket, " + sketch.column() + " from request_rollup where tenant_id = ? and deployment_id = ?"
                        + " and resolution_s = ? and bucket >= ? and bucket < ?",
                (RowCallbackHandler)
                        rs -> mergeOptional(into.apply(rs.getTimestamp(1).toInstant()), rs.getBytes(2)),
                tenantId,
                deploymentId,
                resolution.seconds(),
                Timestamp.from(from),
                Timestamp.from(to));
    }

    /**
     * Like {@link #mergeInto} for many deployments in one statement, counts, TTFT and ITL only: {@code into} gives the
     * rollup for each deployment id and bucket. One round trip however many deployments there are.
     */
    public void mergeFleetInto(
            FleetKeys deployments,
            Resolution resolution,
            Instant from,
            Instant to,
            BiFunction<Long, Instant, RequestRollup> into) {
        if (deployments.isEmpty()) {
            return;
        }
        jdbc.query(connection -> deployments.prepare(connection, READ_FLEET, resolution, from, to), (RowCallbackHandler)
                rs -> {
                    RequestRollup target =
                            into.apply(rs.getLong(1), rs.getTimestamp(2).toInstant());
                    target.addCounts(rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6));
                    target.ttft().mergeStored(rs.getBytes(7));
                    target.itl().mergeStored(rs.getBytes(8));
                    target.addFailures(rs.getLong(9), rs.getLong(10), rs.getLong(11));
                });
    }

    /**
     * Merges the TTFT sketches of these deployments' rollups with {@code from ≤ bucket < to} into the rollup
     * {@code into} gives for each deployment id and bucket; nothing else is read.
     */
    public void mergeFleetTtftInto(
            FleetKeys deployments,
            Resolution resolution,
            Instant from,
            Instant to,
            BiFunction<Long, Instant, RequestRollup> into) {
        if (deployments.isEmpty()) {
            return;
        }
        jdbc.query(
                connection -> deployments.prepare(connection, READ_FLEET_TTFT, resolution, from, to),
                (RowCallbackHandler)
                        rs -> into.apply(rs.getLong(1), rs.getTimestamp(2).toInstant())
                                .ttft()
                                .mergeStored(rs.getBytes(3)));
    }

    /**
     * Merges each deployment's rollups over {@code span} into the one rollup {@code into} gives for its id: the
     * window's total (counts, TTFT and ITL) from a few rows per deployment, in one round trip. The half hour the window
     * ends in is read as its half-hour rollup where none of its minutes past the end holds requests, so a window that
     * ends now reads only the minutes before its first whole half hour one by one.
     */
    public void mergeFleetTotalsInto(FleetKeys deployments, RollupSpan span, Function<Long, RequestRollup> into) {
        if (deployments.isEmpty()) {
            return;
        }
        jdbc.query(
                connection -> {
                    PreparedStatement statement = deployments.prepare(connection, READ_FLEET_SPAN);
                    Instant tailEnd = span.halfHoursTo().plus(Resolution.HALF_HOUR.duration());
                    // minutes of the last half hour past the window's end (a sample stamped ahead of the clock)
                    statement.setTimestamp(3, Timestamp.from(span.to()));
                    statement.setTimestamp(4, Timestamp.from(tailEnd));
                    statement.setTimestamp(5, Timestamp.from(span.from()));
                    statement.setTimestamp(6, Timestamp.from(span.halfHoursFrom()));
                    statement.setTimestamp(7, Timestamp.from(span.halfHoursFrom()));
                    statement.setTimestamp(8, Timestamp.from(span.halfHoursTo()));
                    // the last half hour, whose bucket starts before the end only if the window ends inside it
                    statement.setTimestamp(9, Timestamp.from(span.halfHoursTo()));
                    statement.setTimestamp(10, Timestamp.from(span.to()));
                    statement.setTimestamp(11, Timestamp.from(span.halfHoursTo()));
                    statement.setTimestamp(12, Timestamp.from(span.to()));
                    return statement;
                },
                (RowCallbackHandler) rs -> {
                    RequestRollup target = into.apply(rs.getLong(1));
                    target.addCounts(rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5));
                    target.ttft().mergeStored(rs.getBytes(6));
                    target.itl().mergeStored(rs.getBytes(7));
                    target.addFailures(rs.getLong(8), rs.getLong(9), rs.getLong(10));
                });
    }

    /**
     * The buckets of these deployments with {@code from ≤ bucket < to} and the requests each holds, by deployment id
     * and oldest first, in one statement that reads no sketch: a rollup only grows, so its request count tells
     * whether something counted from it before still holds.
     */
    public Map<Long, NavigableMap<Instant, Long>> sizesOfFleet(
            FleetKeys deployments, Resolution resolution, Instant from, Instant to) {
        Map<Long, NavigableMap<Instant, Long>> sizes = new HashMap<>();
        if (deployments.isEmpty()) {
            return sizes;
        }
        jdbc.query(
                connection -> deployments.prepare(connection, READ_FLEET_SIZES, resolution, from, to),
                (RowCallbackHandler) rs -> sizes.computeIfAbsent(rs.getLong(1), id -> new TreeMap<>())
                        .put(rs.getTimestamp(2).toInstant(), rs.getLong(3)));
        return sizes;
    }

    /**
     * Each stored rollup of these deployments from the bucket given for each (in {@code since}, by deployment id) up
     * to {@code to}, one at a time and oldest first per deployment, with its counts and its TTFT, ITL and E2E sketches
     * (not the queue's): {@code each} gets the deployment id and a rollup of that one row, which is not kept, so a read
     * of thousands of deployments holds one row's sketches at a time. One round trip however many deployments.
     */
    public void forEachOfFleetSince(
            Map<Long, Long> tenantOf,
            Map<Long, Instant> since,
            Resolution resolution,
            Instant to,
            BiConsumer<Long, RequestRollup> each) {
        if (since.isEmpty()) {
            return;
        }
        List<Long> deploymentIds = List.copyOf(since.keySet());
        jdbc.query(
                connection -> {
                    PreparedStatement statement = connection.prepareStatement(READ_FLEET_LATENCIES_SINCE);
                    statement.setArray(
                            1,
                            connection.createArrayOf(
                                    "int8",
                                    deploymentIds.stream().map(tenantOf::get).toArray()));
                    statement.setArray(2, connection.createArrayOf("int8", deploymentIds.toArray()));
                    statement.setArray(
                            3,
                            connection.createArrayOf(
                                    "timestamptz",
                                    deploymentIds.stream()
                                            .map(id -> Timestamp.from(since.get(id)))
                                            .toArray()));
                    statement.setInt(4, resolution.seconds());
                    statement.setTimestamp(5, Timestamp.from(to));
                    return statement;
                },
                (RowCallbackHandler) rs -> {
                    RequestRollup row = new RequestRollup(rs.getTimestamp(2).toInstant());
                    row.addCounts(rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6));
                    row.ttft().mergeStored(rs.getBytes(7));
                    row.itl().mergeStored(rs.getBytes(8));
                    row.e2e().mergeStored(rs.getBytes(9));
                    row.addFailures(rs.getLong(10), rs.getLong(11), rs.getLong(12));
                    each.accept(rs.getLong(1), row);
                });
    }

    private static Set<Instant> insertNew(
            Connection connection, long tenantId, long deploymentId, Resolution resolution, List<RequestRollup> rows)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(INSERT_NEW)) {
            statement.setLong(1, tenantId);
            statement.setLong(2, deploymentId);
            statement.setInt(3, resolution.seconds());
            bindColumns(connection, statement, 4, rows);
            Set<Instant> inserted = new HashSet<>();
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    inserted.add(result.getTimestamp(1).toInstant());
                }
            }
            return inserted;
        }
    }

    private static void mergeExisting(
            Connection connection, long tenantId, long deploymentId, Resolution resolution, List<RequestRollup> deltas)
            throws SQLException {
        Map<Instant, RequestRollup> byBucket =
                deltas.stream().collect(Collectors.toMap(RequestRollup::bucket, Function.identity()));
        List<RequestRollup> merged = new ArrayList<>(deltas.size());
        try (PreparedStatement lock = connection.prepareStatement(LOCK_EXISTING)) {
            lock.setLong(1, tenantId);
            lock.setLong(2, deploymentId);
            lock.setInt(3, resolution.seconds());
            lock.setArray(4, connection.createArrayOf("timestamptz", timestamps(deltas)));
            try (ResultSet result = lock.executeQuery()) {
                while (result.next()) {
                    RequestRollup stored = read(result);
                    stored.merge(Objects.requireNonNull(
                            byBucket.get(stored.bucket()), "a locked bucket is one of the deltas'"));
                    merged.add(stored);
                }
            }
        }
        if (merged.size() != deltas.size()) {
            throw new IllegalStateException("a rollup row vanished while being merged");
        }
        try (PreparedStatement update = connection.prepareStatement(UPDATE)) {
            int next = bindColumns(connection, update, 1, merged);
            update.setLong(next, tenantId);
            update.setLong(next + 1, deploymentId);
            update.setInt(next + 2, resolution.seconds());
            update.executeUpdate();
        }
    }

    private static int bindColumns(
            Connection connection, PreparedStatement statement, int first, List<RequestRollup> rows)
            throws SQLException {
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
        int p = first;
        statement.setArray(p++, connection.createArrayOf("timestamptz", timestamps(rows)));
        statement.setArray(p++, connection.createArrayOf("int4", requests));
        statement.setArray(p++, connection.createArrayOf("int4", ok));
        statement.setArray(p++, connection.createArrayOf("int8", input));
        statement.setArray(p++, connection.createArrayOf("int8", output));
        statement.setArray(p++, connection.createArrayOf("bytea", ttft));
        statement.setArray(p++, connection.createArrayOf("bytea", itl));
        statement.setArray(p++, connection.createArrayOf("bytea", e2e));
        statement.setArray(p++, connection.createArrayOf("bytea", queue));
        for (FailedStatus status : FailedStatus.values()) {
            statement.setArray(p++, connection.createArrayOf("int4", failures(rows, status)));
        }
        statement.setArray(p++, connection.createArrayOf("bytea", inputSketch));
        statement.setArray(p++, connection.createArrayOf("bytea", outputSketch));
        return p;
    }

    private static Integer[] failures(List<RequestRollup> rows, FailedStatus status) {
        return rows.stream().map(row -> Math.toIntExact(row.failures(status))).toArray(Integer[]::new);
    }

    private static Timestamp[] timestamps(List<RequestRollup> rows) {
        return rows.stream().map(row -> Timestamp.from(row.bucket())).toArray(Timestamp[]::new);
    }

    private static RequestRollup read(ResultSet rs) throws SQLException {
        RequestRollup stored = new RequestRollup(
                rs.getTimestamp("bucket").toInstant(),
                rs.getLong("requests"),
                rs.getLong("ok_requests"),
                rs.getLong("input_tokens"),
                rs.getLong("output_tokens"),
                LatencySketch.fromBytes(rs.getBytes("ttft")),
                LatencySketch.fromBytes(rs.getBytes("itl")),
                LatencySketch.fromBytes(rs.getBytes("e2e")),
                storedOrEmpty(rs.getBytes("queue")),
                storedOrEmpty(rs.getBytes("input_tokens_sketch")),
                storedOrEmpty(rs.getBytes("output_tokens_sketch")));
        stored.addFailures(
                rs.getLong("error_requests"), rs.getLong("timeout_requests"), rs.getLong("cancelled_requests"));
        return stored;
    }

    /** Rollups stored before queue times (or token sketches) existed have none; nor have buckets with nothing in it. */
    private static LatencySketch storedOrEmpty(byte @Nullable [] stored) {
        return stored == null ? LatencySketch.empty() : LatencySketch.fromBytes(stored);
    }

    private static void mergeOptional(LatencySketch target, byte @Nullable [] stored) {
        if (stored != null) {
            target.mergeStored(stored);
        }
    }

    private static byte @Nullable [] optional(LatencySketch sketch) {
        return sketch.isEmpty() ? null : sketch.toBytes();
    }
}
