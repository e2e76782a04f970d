package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.Dimension;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Raw request samples. One statement a batch; a sample already stored (same request id and time) is skipped. Rows go
 * in in key order, so concurrent batches that share samples wait for each other instead of deadlocking.
 *
 * <p>Resends are rare, so a batch is first stored with a plain insert, which costs PostgreSQL about a third less than
 * {@code on conflict do nothing} (no speculative insertion, no second index probe, no rows sent back). Only a batch
 * that meets a stored sample, or repeats one, rolls back to a savepoint and takes the skipping path.
 */
@Repository
class RequestSampleStore {

    private static final String INSERT = """
            insert into request_sample (tenant_id, deployment_id, ts, request_id, status, ttft_ms, e2e_ms, tpot_ms,
                                        itl_gaps_ms, input_tokens, output_tokens, queue_ms, finish_reason,
                                        consumer, adapter, priority, consumer_code, adapter_code, priority_code,
                                        received_at, dimension_batch)
            select :tenantId, :deploymentId, u.ts, u.request_id, u.status, u.ttft, u.e2e, u.tpot, u.gaps,
                   u.input_tokens, u.output_tokens, u.queue, u.finish_reason, u.consumer, u.adapter, u.priority,
                   u.consumer_code, u.adapter_code, u.priority_code, :receivedAt,
                   case when u.consumer is not null or u.adapter is not null or u.priority is not null
                          or u.consumer_code is not null or u.adapter_code is not null or u.priority_code is not null
                        then :dimensionBatch::bigint end
            from unnest(:ts::timestamptz[], :requestIds::text[], :statuses::smallint[], :ttft::real[], :e2e::real[],
                        :tpot::real[], :gaps::bytea[], :inputTokens::integer[], :outputTokens::integer[],
                        :queue::real[], :finishReasons::text[], :consumers::text[], :adapters::text[],
                        :priorities::text[], :consumerCodes::smallint[], :adapterCodes::smallint[],
                        :priorityCodes::smallint[])
                 as u(ts, request_id, status, ttft, e2e, tpot, gaps, input_tokens, output_tokens, queue,
                      finish_reason, consumer, adapter, priority, consumer_code, adapter_code, priority_code)
            order by u.request_id, u.ts""";

    private static final String INSERT_SKIPPING_STORED = INSERT + """

            on conflict do nothing
            returning request_id, ts""";

    /** Set before the plain insert, so that a batch meeting a stored sample can go back and take the other path. */
    private static final String SAVEPOINT = "request_sample_insert";

    private static final String UNIQUE_VIOLATION = "23505";

    private final JdbcClient jdbc;

    RequestSampleStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Removes the raw samples of "rollups only" deployments that are past their own hours (the schema owner's
     * function does it: the application role may not delete raw samples); how many went, by deployment id.
     */
    Map<Long, Long> deletePastDeploymentRetention() {
        Map<Long, Long> removed = new HashMap<>();
        jdbc.sql("select deployment_id, removed from delete_raw_samples_past_deployment_retention()")
                .query((RowCallbackHandler) rs -> removed.put(rs.getLong("deployment_id"), rs.getLong("removed")));
        return removed;
    }

    /**
     * Stores the samples and returns those that were not stored before; those that name a consumer, adapter or priority
     * carry {@code dimensionBatch} (see {@link DimensionBatchStore}) and store a value by its code in {@code codes}
     * where it has one. Must run inside the caller's transaction.
     */
    List<RequestSample> insertNew(
            long tenantId,
            long deploymentId,
            List<RequestSample> samples,
            Instant receivedAt,
            @Nullable Long dimensionBatch,
            Map<Dimension, Map<String, Short>> codes) {
        if (samples.isEmpty()) {
            return List.of();
        }
        Columns columns = new Columns(samples, dimensionBatch, codes);
        jdbc.sql("savepoint " + SAVEPOINT).update();
        try {
            columns.bind(jdbc.sql(INSERT), tenantId, deploymentId, receivedAt).update();
            jdbc.sql("release savepoint " + SAVEPOINT).update();
            return samples;
        } catch (DataAccessException e) {
            if (!(e.getMostSpecificCause() instanceof SQLException cause)
                    || !UNIQUE_VIOLATION.equals(cause.getSQLState())) {
                throw e;
            }
            jdbc.sql("rollback to savepoint " + SAVEPOINT).update();
            return insertSkippingStored(columns, samples, tenantId, deploymentId, receivedAt);
        }
    }

    private List<RequestSample> insertSkippingStored(
            Columns columns, List<RequestSample> samples, long tenantId, long deploymentId, Instant receivedAt) {
        Map<SampleKey, RequestSample> byKey = new HashMap<>(samples.size() * 2);
        for (RequestSample sample : samples) {
            byKey.putIfAbsent(new SampleKey(sample.requestId(), sample.ts()), sample);
        }
        List<RequestSample> inserted = new ArrayList<>();
        columns.bind(jdbc.sql(INSERT_SKIPPING_STORED), tenantId, deploymentId, receivedAt)
                .query((RowCallbackHandler) rows -> {
                    RequestSample sample = byKey.get(new SampleKey(
                            rows.getString("request_id"),
                            rows.getTimestamp("ts").toInstant()));
                    if (sample != null) {
                        inserted.add(sample);
                    }
                });
        return inserted;
    }

    /** The batch as one array a column, which {@code unnest} turns back into rows. */
    private static final class Columns {
        private final Timestamp[] ts;
        private final String[] ids;
        private final Short[] statuses;
        private final @Nullable Float[] ttft;
        private final @Nullable Float[] e2e;
        private final @Nullable Float[] tpot;
        private final byte[] @Nullable [] gaps;
        private final Integer[] inputTokens;
        private final Integer[] outputTokens;
        private final @Nullable Float[] queue;
        private final @Nullable String[] finishReasons;
        private final DimensionColumns consumers;
        private final DimensionColumns adapters;
        private final DimensionColumns priorities;
        private final @Nullable Long dimensionBatch;

        Columns(List<RequestSample> samples, @Nullable Long dimensionBatch, Map<Dimension, Map<String, Short>> codes) {
            this.dimensionBatch = dimensionBatch;
            int n = samples.size();
            ts = new Timestamp[n];
            ids = new String[n];
            statuses = new Short[n];
            ttft = new @Nullable Float[n];
            e2e = new @Nullable Float[n];
            tpot = new @Nullable Float[n];
            gaps = new byte[n] @Nullable [];
            inputTokens = new Integer[n];
            outputTokens = new Integer[n];
            queue = new @Nullable Float[n];
            finishReasons = new @Nullable String[n];
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
                queue[i] = toFloat(sample.queueMs());
                finishReasons[i] = sample.finishReason();
            }
            consumers = DimensionColumns.of(samples, Dimension.CONSUMER, codes);
            adapters = DimensionColumns.of(samples, Dimension.ADAPTER, codes);
            priorities = DimensionColumns.of(samples, Dimension.PRIORITY, codes);
        }

        /** The statement with the batch and its key bound; each column array is created afresh for it. */
        JdbcClient.StatementSpec bind(
                JdbcClient.StatementSpec statement, long tenantId, long deploymentId, Instant receivedAt) {
            return statement
                    .param("tenantId", tenantId)
                    .param("deploymentId", deploymentId)
                    .param("receivedAt", Timestamp.from(receivedAt))
                    .param("dimensionBatch", dimensionBatch, Types.BIGINT)
                    .param("ts", new SqlArrayValue("timestamptz", (Object[]) ts))
                    .param("requestIds", new SqlArrayValue("text", (Object[]) ids))
                    .param("statuses", new SqlArrayValue("int2", (Object[]) statuses))
                    .param("ttft", new SqlArrayValue("float4", (Object[]) ttft))
                    .param("e2e", new SqlArrayValue("float4", (Object[]) e2e))
                    .param("tpot", new SqlArrayValue("float4", (Object[]) tpot))
                    .param("gaps", new SqlArrayValue("bytea", (Object[]) gaps))
                    .param("inputTokens", new SqlArrayValue("int4", (Object[]) inputTokens))
                    .param("outputTokens", new SqlArrayValue("int4", (Object[]) outputTokens))
                    .param("queue", new SqlArrayValue("float4", (Object[]) queue))
                    .param("finishReasons", new SqlArrayValue("text", (Object[]) finishReasons))
                    .param("consumers", consumers.texts())
                    .param("adapters", adapters.texts())
                    .param("priorities", priorities.texts())
                    .param("consumerCodes", consumers.codes())
                    .param("adapterCodes", adapters.codes())
                    .param("priorityCodes", priorities.codes());
        }
    }

    /** One dimension's values of the batch: by code where the value has one, else as text; each may be empty. */
    private record DimensionColumns(
            @Nullable String[] textColumn, @Nullable Short[] codeColumn) {

        static DimensionColumns of(
                List<RequestSample> samples, Dimension dimension, Map<Dimension, Map<String, Short>> allCodes) {
            Map<String, Short> codes = allCodes.getOrDefault(dimension, Map.of());
            int n = samples.size();
            @Nullable String[] texts = null;
            @Nullable Short[] codeColumn = null;
            for (int i = 0; i < n; i++) {
                String value = samples.get(i).valueOf(dimension);
                if (value == null) {
                    continue;
                }
                Short code = codes.get(value);
                if (code != null) {
                    codeColumn = codeColumn == null ? new @Nullable Short[n] : codeColumn;
                    codeColumn[i] = code;
                } else {
                    texts = texts == null ? new @Nullable String[n] : texts;
                    texts[i] = value;
                }
            }
            return new DimensionColumns(
                    texts == null ? new @Nullable String[0] : texts,
                    codeColumn == null ? new @Nullable Short[0] : codeColumn);
        }

        SqlArrayValue texts() {
            return new SqlArrayValue("text", (Object[]) textColumn);
        }

        SqlArrayValue codes() {
            return new SqlArrayValue("int2", (Object[]) codeColumn);
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
