package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongFunction;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Reads the request rollups of many deployments in one statement each, however many deployments there are (see
 * {@link FleetKeys}). Counts, TTFT and ITL (and, in the window's totals, the goodput counts) are what a fleet shows: the E2E sketch is read only from a deployment's own
 * start on, and the queue and token sketches not at all.
 */
@Repository
public class FleetRequestRollupStore {

    private static final String READ_FLEET = """
            select k.deployment_id, r.bucket, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft,
                   r.itl, r.error_requests, r.timeout_requests, r.cancelled_requests
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to
                   offset 0) r""";

    /**
     * Each deployment's rollups over a {@link RollupSpan}: the minute rollups before its whole half hours, the
     * half-hour rollups, and the last, unfinished half hour: its one half-hour rollup where no minute of it lies past
     * the window's end (the usual case, as the window ends now), else its minute rollups up to the end. Counts, TTFT,
     * ITL and the goodput counts only.
     */
    private static final String READ_FLEET_SPAN = fleetSpan("request_rollup", "");

    /** {@link #READ_FLEET_SPAN} of the dimension rollups of one value. */
    private static final String READ_FLEET_VALUE_SPAN =
            fleetSpan("dimension_rollup_live", "dimension = :dimension and value = :value and");

    /**
     * Each deployment's rollups (of {@code table}, the rows that {@code filter} admits) over a {@link RollupSpan}: the
     * minute rollups before its whole half hours, the half-hour rollups, and the last, unfinished half hour: its one
     * half-hour rollup where no minute of it lies past the window's end (the usual case, as the window ends now), else
     * its minute rollups up to the end. Counts, TTFT, ITL and the goodput counts only.
     */
    private static String fleetSpan(String table, String filter) {
        return """
                select k.deployment_id, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft, r.itl,
                       r.error_requests, r.timeout_requests, r.cancelled_requests, r.counted_requests,
                       r.counted_output_tokens, r.good_requests, r.good_output_tokens, r.incomplete_requests,
                       r.ttft_breaches, r.itl_breaches, r.e2e_breaches
                  from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
                 cross join lateral (
                       select exists (select 1 from %s
                                       where %s tenant_id = k.tenant_id and deployment_id = k.deployment_id
                                         and resolution_s = 60 and bucket >= :to and bucket < :tailEnd) as past_end
                       offset 0) later
                 cross join lateral (
                """.formatted(table, filter)
                + String.join(
                        "\nunion all\n",
                        fleetSpanPart(table, filter, Resolution.MINUTE, "from", "halfHoursFrom"),
                        fleetSpanPart(table, filter, Resolution.HALF_HOUR, "halfHoursFrom", "halfHoursTo"),
                        fleetSpanPart(
                                table, "not later.past_end and " + filter, Resolution.HALF_HOUR, "halfHoursTo", "to"),
                        fleetSpanPart(table, "later.past_end and " + filter, Resolution.MINUTE, "halfHoursTo", "to"))
                + "\noffset 0) r";
    }

    /**
     * One part of {@link #fleetSpan}: a deployment's rollups of one resolution from the parameter named {@code from}
     * (inclusive) to the one named {@code to}, if the condition holds.
     */
    private static String fleetSpanPart(String table, String condition, Resolution resolution, String from, String to) {
        return """
                select %s, %s
                  from %s
                 where %s tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = %d
                   and bucket >= :%s and bucket < :%s""".formatted(
                        RequestCounts.COLUMNS, StoredGoodput.COLUMNS, table, condition, resolution.seconds(), from, to);
    }

    /** Each deployment's TTFT sketches, for the trends of the rows a page shows. */
    private static final String READ_FLEET_TTFT = """
            select k.deployment_id, r.bucket, r.ttft
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select bucket, ttft from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to
                   offset 0) r""";

    /** Which buckets each deployment has, and how many requests (judged and good ones too) each holds: no sketch. */
    private static final String READ_FLEET_SIZES = """
            select k.deployment_id, r.bucket, r.requests, r.counted_requests, r.good_requests
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select bucket, requests, counted_requests, good_requests from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to
                    order by bucket
                   offset 0) r""";

    /** Counts, goodput counts and the three latency sketches of each deployment's buckets from its own start on. */
    private static final String READ_FLEET_LATENCIES_SINCE = """
            select k.deployment_id, r.bucket, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft,
                   r.itl, r.e2e, r.error_requests, r.timeout_requests, r.cancelled_requests, r.counted_requests,
                   r.counted_output_tokens, r.good_requests, r.good_output_tokens, r.incomplete_requests,
                   r.ttft_breaches, r.itl_breaches, r.e2e_breaches
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[], :since::timestamptz[])
                   as k(tenant_id, deployment_id, since)
             cross join lateral (
                   select * from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= k.since and bucket < :to
                    order by bucket
                   offset 0) r""";

    /** Counts and the TTFT, ITL, E2E and queue sketches of each deployment's buckets in a range. */
    private static final String READ_FLEET_WINDOW = """
            select k.deployment_id, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft, r.itl,
                   r.error_requests, r.timeout_requests, r.cancelled_requests, r.e2e, r.queue
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select * from request_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id and resolution_s = :resolution
                      and bucket >= :from and bucket < :to
                   offset 0) r""";

    private final JdbcClient jdbc;

    FleetRequestRollupStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Merges the rollups of these deployments with {@code from ≤ bucket < to}, counts, TTFT and ITL only, into the
     * rollup {@code into} gives for each deployment id and bucket.
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
        range(deployments, READ_FLEET, resolution, from, to).query((RowCallbackHandler) rs -> RequestCounts.read(rs)
                .mergeInto(into.apply(
                        rs.getLong("deployment_id"), rs.getTimestamp("bucket").toInstant())));
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
        range(deployments, READ_FLEET_TTFT, resolution, from, to).query((RowCallbackHandler) rs -> into.apply(
                        rs.getLong("deployment_id"), rs.getTimestamp("bucket").toInstant())
                .ttft()
                .mergeStored(rs.getBytes("ttft")));
    }

    /**
     * Merges each deployment's rollups over {@code span} into the one rollup {@code into} gives for its id: the
     * window's total (counts, TTFT, ITL and goodput counts) from a few rows per deployment, in one round trip. The half hour the window
     * ends in is read as its half-hour rollup where none of its minutes past the end holds requests, so a window that
     * ends now reads only the minutes before its first whole half hour one by one.
     */
    public void mergeFleetTotalsInto(FleetKeys deployments, RollupSpan span, Function<Long, RequestRollup> into) {
        if (deployments.isEmpty()) {
            return;
        }
        mergeSpanInto(jdbc.sql(READ_FLEET_SPAN), deployments, span, into);
    }

    /**
     * {@link #mergeFleetTotalsInto} for the requests with one value of a dimension, from its rollups: deployments
     * without that value's traffic get nothing merged.
     */
    public void mergeFleetTotalsInto(
            FleetKeys deployments, RollupSpan span, DimensionValue value, Function<Long, RequestRollup> into) {
        if (deployments.isEmpty()) {
            return;
        }
        mergeSpanInto(
                jdbc.sql(READ_FLEET_VALUE_SPAN)
                        .param("dimension", value.dimension().code())
                        .param("value", value.value()),
                deployments,
                span,
                into);
    }

    private static void mergeSpanInto(
            JdbcClient.StatementSpec statement,
            FleetKeys deployments,
            RollupSpan span,
            Function<Long, RequestRollup> into) {
        statement
                .params(deployments.parameters())
                .param("from", Timestamp.from(span.from()))
                .param("halfHoursFrom", Timestamp.from(span.halfHoursFrom()))
                // the last half hour, whose bucket starts before the end only if the window ends inside it
                .param("halfHoursTo", Timestamp.from(span.halfHoursTo()))
                .param("to", Timestamp.from(span.to()))
                // minutes of the last half hour past the window's end (a sample stamped ahead of the clock)
                .param("tailEnd", Timestamp.from(span.halfHoursTo().plus(Resolution.HALF_HOUR.duration())))
                .query((RowCallbackHandler) rs -> {
                    RequestRollup total = into.apply(rs.getLong("deployment_id"));
                    RequestCounts.read(rs).mergeInto(total);
                    StoredGoodput.read(rs).addTo(total.goodput());
                });
    }

    /**
     * The buckets of these deployments with {@code from ≤ bucket < to} and the requests each holds, by deployment id
     * and oldest first, in one statement that reads no sketch: a rollup only grows, and only a recount after a change
     * of the goodput SLO changes its goodput counts without growing it, so its size tells whether something counted
     * from it before still holds.
     */
    public Map<Long, NavigableMap<Instant, BucketSize>> sizesOfFleet(
            FleetKeys deployments, Resolution resolution, Instant from, Instant to) {
        Map<Long, NavigableMap<Instant, BucketSize>> sizes = new HashMap<>();
        if (deployments.isEmpty()) {
            return sizes;
        }
        range(deployments, READ_FLEET_SIZES, resolution, from, to).query((RowCallbackHandler)
                rs -> sizes.computeIfAbsent(rs.getLong("deployment_id"), id -> new TreeMap<>())
                        .put(
                                rs.getTimestamp("bucket").toInstant(),
                                new BucketSize(
                                        rs.getLong("requests"),
                                        rs.getLong("counted_requests"),
                                        rs.getLong("good_requests"))));
        return sizes;
    }

    /** What a bucket held when read: its requests, those judged against the goodput SLO, and the good ones. */
    public record BucketSize(long requests, long judged, long good) {

        /** The size of a rollup read in full. */
        public static BucketSize of(RequestRollup row) {
            return new BucketSize(
                    row.requests(), row.goodput().counted(), row.goodput().good());
        }
    }

    /**
     * Each stored rollup of these deployments from the bucket given for each (in {@code since}, by deployment id) up
     * to {@code to}, one at a time and oldest first per deployment, with its counts (goodput's too) and its TTFT, ITL and E2E sketches
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
        jdbc.sql(READ_FLEET_LATENCIES_SINCE)
                .param(
                        "tenantIds",
                        new SqlArrayValue(
                                "int8",
                                deploymentIds.stream().map(tenantOf::get).toArray()))
                .param("deploymentIds", new SqlArrayValue("int8", deploymentIds.toArray()))
                .param(
                        "since",
                        new SqlArrayValue(
                                "timestamptz",
                                deploymentIds.stream()
                                        .map(id -> Timestamp.from(since.get(id)))
                                        .toArray()))
                .param("resolution", resolution.seconds())
                .param("to", Timestamp.from(to))
                .query((RowCallbackHandler) rs -> {
                    RequestRollup row =
                            new RequestRollup(rs.getTimestamp("bucket").toInstant());
                    RequestCounts.read(rs).mergeInto(row);
                    row.e2e().mergeStored(rs.getBytes("e2e"));
                    StoredGoodput.read(rs).addTo(row.goodput());
                    each.accept(rs.getLong("deployment_id"), row);
                });
    }

    /**
     * Merges each deployment's rollups with {@code from ≤ bucket < to} — counts and the TTFT, ITL, E2E and queue
     * sketches — straight into the one rollup {@code into} gives for its id, no rollup built per row, and tells
     * {@code bucketRequests} each bucket's request count (for a peak). One round trip however many deployments.
     */
    public void mergeFleetWindowInto(
            FleetKeys deployments,
            Resolution resolution,
            Instant from,
            Instant to,
            LongFunction<RequestRollup> into,
            BiConsumer<Long, Long> bucketRequests) {
        if (deployments.isEmpty()) {
            return;
        }
        range(deployments, READ_FLEET_WINDOW, resolution, from, to).query((RowCallbackHandler) rs -> {
            long id = rs.getLong("deployment_id");
            RequestRollup target = into.apply(id);
            RequestCounts counts = RequestCounts.read(rs);
            counts.mergeInto(target);
            target.e2e().mergeStored(rs.getBytes("e2e"));
            StoredRequestRollup.mergeOptional(target.queue(), rs.getBytes("queue"));
            bucketRequests.accept(id, counts.requests());
        });
    }

    /** A fleet statement with the keys, the resolution and the range {@code [from, to)} bound. */
    private JdbcClient.StatementSpec range(
            FleetKeys deployments, String sql, Resolution resolution, Instant from, Instant to) {
        return jdbc.sql(sql)
                .params(deployments.parameters())
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to));
    }
}
