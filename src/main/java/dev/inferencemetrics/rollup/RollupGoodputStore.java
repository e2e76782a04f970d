package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Replaces the goodput counts of a range of a deployment's request rollups with a recount from raw samples. The rows
 * are locked in bucket order first, as {@link RequestRollupStore} locks them, so a concurrent batch of the same
 * buckets either committed before (and its samples are in the recount) or waits and adds its own counts after.
 */
@Repository
public class RollupGoodputStore {

    private static final String RANGE = """
             where tenant_id = :tenantId and deployment_id = :deploymentId and resolution_s = :resolution
               and bucket >= :from and bucket < :to""";

    /** Every goodput count set to zero. */
    private static final String ZEROED = """
            counted_requests = 0, counted_output_tokens = 0, good_requests = 0, good_output_tokens = 0,
            incomplete_requests = 0, ttft_breaches = 0, itl_breaches = 0, e2e_breaches = 0""";

    /** Every goodput count set from the unnested {@link #TALLIES} {@code u}. */
    private static final String RECOUNTED = """
            counted_requests = u.counted, counted_output_tokens = u.counted_output, good_requests = u.good,
            good_output_tokens = u.good_output, incomplete_requests = u.incomplete, ttft_breaches = u.ttft,
            itl_breaches = u.itl, e2e_breaches = u.e2e""";

    /** The tallies' counts as arrays, as {@link #tallies} binds them. */
    private static final String TALLIES = """
            :counted::bigint[], :countedOutput::bigint[], :good::bigint[], :goodOutput::bigint[],
            :incomplete::bigint[], :ttft::bigint[], :itl::bigint[], :e2e::bigint[]""";

    private final JdbcClient jdbc;

    RollupGoodputStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Locks the rollups with {@code from ≤ bucket < to} until the caller's transaction ends and returns their buckets;
     * call for every resolution, in {@link Resolution} order, before reading the raw samples to recount. A bucket
     * stored after the lock was counted by a batch that came after the change, with the new thresholds already.
     */
    public List<Instant> lock(long tenantId, long deploymentId, Resolution resolution, Instant from, Instant to) {
        return range(
                        jdbc.sql("select bucket from request_rollup " + RANGE + " order by bucket for update"),
                        tenantId,
                        deploymentId,
                        resolution,
                        from,
                        to)
                .query((rs, n) -> rs.getTimestamp("bucket").toInstant())
                .list();
    }

    /** Sets the goodput counts of the locked buckets: the given tallies by bucket, zero where none is given. */
    public void replace(
            long tenantId,
            long deploymentId,
            Resolution resolution,
            List<Instant> locked,
            Map<Instant, GoodputTally> byBucket) {
        if (locked.isEmpty()) {
            return;
        }
        key(jdbc.sql("""
                        update request_rollup
                           set %s
                         where tenant_id = :tenantId and deployment_id = :deploymentId and resolution_s = :resolution
                           and bucket = any(:locked::timestamptz[])""".formatted(ZEROED)), tenantId, deploymentId, resolution)
                .param("locked", new SqlArrayValue("timestamptz", timestamps(locked)))
                .update();
        Set<Instant> lockedSet = Set.copyOf(locked);
        List<Map.Entry<Instant, GoodputTally>> rows = byBucket.entrySet().stream()
                .filter(row -> lockedSet.contains(row.getKey()))
                .toList();
        if (rows.isEmpty()) {
            return;
        }
        key(jdbc.sql("""
                        update request_rollup r
                           set %s
                          from unnest(:buckets::timestamptz[], %s)
                               as u(bucket, counted, counted_output, good, good_output, incomplete, ttft, itl, e2e)
                         where r.tenant_id = :tenantId and r.deployment_id = :deploymentId
                           and r.resolution_s = :resolution and r.bucket = u.bucket""".formatted(RECOUNTED, TALLIES)), tenantId, deploymentId, resolution)
                .param(
                        "buckets",
                        new SqlArrayValue(
                                "timestamptz",
                                timestamps(rows.stream().map(Map.Entry::getKey).toList())))
                .params(tallies(rows))
                .update();
    }

    /**
     * Sets the goodput counts of a deployment's dimension rollups with {@code from ≤ bucket < to} (every resolution) to
     * the given tallies, zero where none is given. Call after {@link DimensionRollupStore#foldDeployment} and with the
     * request rollups of the range locked ({@link #lock}), so every committed request of the range is in those rows
     * and no batch adds to them meanwhile.
     */
    public void replaceDimensions(
            long tenantId, long deploymentId, Instant from, Instant to, Map<DimensionBucket, GoodputTally> byBucket) {
        jdbc.sql("""
                        update dimension_rollup
                           set %s
                         where tenant_id = :tenantId and deployment_id = :deploymentId
                           and bucket >= :from and bucket < :to""".formatted(ZEROED))
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .update();
        if (byBucket.isEmpty()) {
            return;
        }
        List<Map.Entry<DimensionBucket, GoodputTally>> rows = List.copyOf(byBucket.entrySet());
        jdbc.sql("""
                        update dimension_rollup r
                           set %s
                          from unnest(:dimensions::text[], :dimensionValues::text[], :resolutions::integer[],
                                      :buckets::timestamptz[], %s)
                               as u(dimension, value, resolution_s, bucket, counted, counted_output, good,
                                    good_output, incomplete, ttft, itl, e2e)
                         where r.tenant_id = :tenantId and r.deployment_id = :deploymentId
                           and r.dimension = u.dimension and r.value = u.value and r.resolution_s = u.resolution_s
                           and r.bucket = u.bucket""".formatted(RECOUNTED, TALLIES))
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param(
                        "dimensions",
                        new SqlArrayValue(
                                "text",
                                rows.stream()
                                        .map(row ->
                                                row.getKey().value().dimension().code())
                                        .toArray()))
                .param(
                        "dimensionValues",
                        new SqlArrayValue(
                                "text",
                                rows.stream()
                                        .map(row -> row.getKey().value().value())
                                        .toArray()))
                .param(
                        "resolutions",
                        new SqlArrayValue(
                                "int4",
                                rows.stream()
                                        .map(row -> row.getKey().resolution().seconds())
                                        .toArray()))
                .param(
                        "buckets",
                        new SqlArrayValue(
                                "timestamptz",
                                timestamps(rows.stream()
                                        .map(row -> row.getKey().bucket())
                                        .toList())))
                .params(tallies(rows))
                .update();
    }

    private static <K> Map<String, Object> tallies(List<? extends Map.Entry<K, GoodputTally>> rows) {
        return Map.of(
                "counted", counts(rows, GoodputTally::counted),
                "countedOutput", counts(rows, GoodputTally::countedOutputTokens),
                "good", counts(rows, GoodputTally::good),
                "goodOutput", counts(rows, GoodputTally::goodOutputTokens),
                "incomplete", counts(rows, GoodputTally::incomplete),
                "ttft", counts(rows, GoodputTally::ttftBreaches),
                "itl", counts(rows, GoodputTally::itlBreaches),
                "e2e", counts(rows, GoodputTally::e2eBreaches));
    }

    private static <K> SqlArrayValue counts(
            List<? extends Map.Entry<K, GoodputTally>> rows, ToLongFunction<GoodputTally> count) {
        return new SqlArrayValue(
                "int8",
                rows.stream().map(row -> count.applyAsLong(row.getValue())).toArray(Long[]::new));
    }

    private static Object[] timestamps(List<Instant> buckets) {
        return buckets.stream().map(Timestamp::from).toArray();
    }

    private static JdbcClient.StatementSpec key(
            JdbcClient.StatementSpec statement, long tenantId, long deploymentId, Resolution resolution) {
        return statement
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("resolution", resolution.seconds());
    }

    private static JdbcClient.StatementSpec range(
            JdbcClient.StatementSpec statement,
            long tenantId,
            long deploymentId,
            Resolution resolution,
            Instant from,
            Instant to) {
        return key(statement, tenantId, deploymentId, resolution)
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to));
    }
}
