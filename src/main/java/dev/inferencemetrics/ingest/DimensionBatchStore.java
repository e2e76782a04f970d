package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.GoodputSlo;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The ingest batches whose samples name a consumer, adapter or priority and wait for {@link DimensionDeltaFold} to
 * count them in the dimension rollups. A batch {@linkplain #open opens} one row in its own transaction and tags its
 * samples with the row's id. The instance that stored the batch holds its samples in memory and its fold {@linkplain
 * #takeHeld takes} the row (deleting it) as it counts them; a fold {@linkplain #takeOrphans takes} the rows left longer
 * (or, {@linkplain #take asked to}, every row) and {@linkplain #forEachSample reads} their samples back. Whoever deletes
 * a row counts its batch, so each batch is counted once.
 */
@Repository
class DimensionBatchStore {

    private static final String COLUMNS =
            "tenant_id, id, deployment_id, first_ts, last_ts, goodput_ttft_ms, goodput_tpot_ms, goodput_e2el_ms";

    private static final String OPEN = """
            insert into dimension_batch (tenant_id, deployment_id, first_ts, last_ts, goodput_ttft_ms,
                                         goodput_tpot_ms, goodput_e2el_ms)
            values (:tenantId, :deploymentId, :firstTs, :lastTs, :ttftMs, :tpotMs, :e2elMs)
            returning id""";

    /** Deletes up to {@code :limit} waiting batches that no other fold holds, oldest first, and returns them. */
    private static final String TAKE = """
            delete from dimension_batch
             where (tenant_id, id) in (select tenant_id, id from dimension_batch
                                        order by id limit :limit for update skip locked)
            returning\s""" + COLUMNS;

    /** As {@link #TAKE}, but only batches opened at least {@code :ageSeconds} before the transaction began. */
    private static final String TAKE_ORPHANS = """
            delete from dimension_batch
             where (tenant_id, id) in (select tenant_id, id from dimension_batch
                                        where opened_at < now() - make_interval(secs => :ageSeconds)
                                        order by id limit :limit for update skip locked)
            returning\s""" + COLUMNS;

    /**
     * Deletes the batches of {@code :ids} if every one of them is still waiting and no other fold holds it, and
     * returns their ids; deletes none (and returns none) otherwise. A batch another fold has taken, or is taking, is
     * that fold's to count.
     */
    private static final String TAKE_HELD = """
            with free as (select tenant_id, id from dimension_batch
                           where tenant_id = :tenantId and id = any(:ids)
                             for update skip locked)
            delete from dimension_batch b
             using free
             where b.tenant_id = free.tenant_id and b.id = free.id
               and (select count(*) from free) = :count
            returning b.id""";

    /** Deletes and returns every waiting batch of one deployment, waiting for a fold that holds some to finish. */
    private static final String TAKE_DEPLOYMENT = """
            delete from dimension_batch where tenant_id = :tenantId and deployment_id = :deploymentId
            returning\s""" + COLUMNS;

    /**
     * The samples of the batches, each with its batch: one index range scan of the deployment's samples per batch,
     * over the time its samples lie in. {@code offset 0} keeps the planner from flattening the subquery into a join,
     * which it would answer by reading every sample of the deployment into a hash table.
     */
    private static final String SAMPLES = "select b.id as batch_id, " + StoredRequestSamples.COLUMNS + """

              from unnest(:ids::bigint[], :firstTs::timestamptz[], :lastTs::timestamptz[]) as b(id, first_ts, last_ts)
             cross join lateral (
                   select * from request_sample s
                    where s.tenant_id = :tenantId and s.deployment_id = :deploymentId
                      and s.ts between b.first_ts and b.last_ts and s.dimension_batch = b.id
                   offset 0) s""";

    private static final RowMapper<WaitingBatch> WAITING = (rs, n) -> new WaitingBatch(
            rs.getLong("tenant_id"),
            rs.getLong("id"),
            rs.getLong("deployment_id"),
            rs.getTimestamp("first_ts").toInstant(),
            rs.getTimestamp("last_ts").toInstant(),
            new GoodputSlo(
                    rs.getObject("goodput_ttft_ms", Double.class),
                    rs.getObject("goodput_tpot_ms", Double.class),
                    rs.getObject("goodput_e2el_ms", Double.class)));

    private final JdbcClient jdbc;

    DimensionBatchStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One waiting batch: its samples lie within {@code firstTs..lastTs}, and count with {@code goodput}. */
    record WaitingBatch(
            long tenantId, long id, long deploymentId, Instant firstTs, Instant lastTs, GoodputSlo goodput) {}

    /**
     * Stores a batch of the deployment whose samples lie within {@code firstTs..lastTs} and count with {@code goodput},
     * and returns its id for the samples to carry. Runs in the caller's transaction, which stores the samples.
     */
    long open(long tenantId, long deploymentId, Instant firstTs, Instant lastTs, GoodputSlo goodput) {
        return jdbc.sql(OPEN)
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("firstTs", Timestamp.from(firstTs))
                .param("lastTs", Timestamp.from(lastTs))
                .param("ttftMs", goodput.ttftMs(), Types.DOUBLE)
                .param("tpotMs", goodput.tpotMs(), Types.DOUBLE)
                .param("e2elMs", goodput.e2elMs(), Types.DOUBLE)
                .query(Long.class)
                .single();
    }

    /** Deletes up to {@code limit} waiting batches no concurrent fold holds and returns them, for the caller to count. */
    List<WaitingBatch> take(int limit) {
        return jdbc.sql(TAKE).param("limit", limit).query(WAITING).list();
    }

    /**
     * Deletes up to {@code limit} waiting batches opened at least {@code age} before the transaction began that no
     * concurrent fold holds, and returns them for the caller to count: those the instance that opened them has not
     * counted from memory by then, as it would have if it still ran and held them.
     */
    List<WaitingBatch> takeOrphans(int limit, Duration age) {
        return jdbc.sql(TAKE_ORPHANS)
                .param("limit", limit)
                .param("ageSeconds", age.toMillis() / 1000.0)
                .query(WAITING)
                .list();
    }

    /**
     * Deletes the waiting batches of the tenant with these ids (all distinct) and says so, if all of them wait and no
     * concurrent fold holds any; otherwise deletes none and says not, without waiting for a fold that holds some.
     */
    boolean takeHeld(long tenantId, List<Long> ids) {
        int taken = jdbc.sql(TAKE_HELD)
                .param("tenantId", tenantId)
                .param("ids", new SqlArrayValue("int8", ids.toArray()))
                .param("count", ids.size())
                .query(Long.class)
                .list()
                .size();
        return taken == ids.size();
    }

    /** Deletes and returns every waiting batch of the deployment, once a fold holding some of them has finished. */
    List<WaitingBatch> takeDeployment(long tenantId, long deploymentId) {
        return jdbc.sql(TAKE_DEPLOYMENT)
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .query(WAITING)
                .list();
    }

    /** The time of the oldest sample a waiting batch holds, if any batch waits. */
    Optional<Instant> oldestWaiting() {
        return jdbc.sql("select min(first_ts) as oldest from dimension_batch")
                .query((rs, n) -> Optional.ofNullable(rs.getTimestamp("oldest")).map(Timestamp::toInstant))
                .single();
    }

    /** Hands each sample of the batches (all of one deployment) to {@code each}, with the batch it came in. */
    void forEachSample(
            long tenantId, long deploymentId, List<WaitingBatch> batches, BiConsumer<Long, RequestSample> each) {
        List<Long> ids = new ArrayList<>(batches.size());
        List<Timestamp> first = new ArrayList<>(batches.size());
        List<Timestamp> last = new ArrayList<>(batches.size());
        for (WaitingBatch batch : batches) {
            ids.add(batch.id());
            first.add(Timestamp.from(batch.firstTs()));
            last.add(Timestamp.from(batch.lastTs()));
        }
        jdbc.sql(SAMPLES)
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("ids", new SqlArrayValue("int8", ids.toArray()))
                .param("firstTs", new SqlArrayValue("timestamptz", first.toArray()))
                .param("lastTs", new SqlArrayValue("timestamptz", last.toArray()))
                .query((RowCallbackHandler) rs -> each.accept(rs.getLong("batch_id"), StoredRequestSamples.read(rs)));
    }
}
