package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.DeploymentRef;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads a deployment's raw request samples back, to count them again against a changed goodput SLO. */
@Repository
class RawGoodputStore {

    private static final String KEY = " from request_sample where tenant_id = :tenant and deployment_id = :deployment";

    private final JdbcClient jdbc;

    RawGoodputStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The time of the deployment's oldest raw sample still kept. */
    Optional<Instant> oldest(DeploymentRef deployment) {
        return key(jdbc.sql("select min(ts) as oldest" + KEY), deployment)
                .query((rs, n) -> Optional.ofNullable(rs.getTimestamp("oldest")).map(Timestamp::toInstant))
                .single();
    }

    /**
     * Hands each sample with {@code from ≤ ts < to} to {@code each}, one row at a time (nothing is gathered). The
     * latencies are stored as {@code real}; the driver reads them as doubles only once widened.
     */
    void forEach(DeploymentRef deployment, Instant from, Instant to, Consumer<RequestSample> each) {
        key(
                        jdbc.sql("select request_id, ts, status, ttft_ms::float8 as ttft_ms, e2e_ms::float8 as e2e_ms,"
                                + " tpot_ms::float8 as tpot_ms, itl_gaps_ms, input_tokens, output_tokens,"
                                + " queue_ms::float8 as queue_ms, finish_reason, consumer, adapter, priority" + KEY
                                + " and ts >= :from and ts < :to"),
                        deployment)
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query((RowCallbackHandler) rs -> each.accept(new RequestSample(
                        rs.getString("request_id"),
                        rs.getTimestamp("ts").toInstant(),
                        SampleStatus.ofStoredValue(rs.getShort("status")),
                        (Double) rs.getObject("ttft_ms", Double.class),
                        (Double) rs.getObject("e2e_ms", Double.class),
                        (Double) rs.getObject("tpot_ms", Double.class),
                        unpack(rs.getBytes("itl_gaps_ms")),
                        rs.getInt("input_tokens"),
                        rs.getInt("output_tokens"),
                        (Double) rs.getObject("queue_ms", Double.class),
                        rs.getString("finish_reason"),
                        rs.getString("consumer"),
                        rs.getString("adapter"),
                        rs.getString("priority"))));
    }

    private static JdbcClient.StatementSpec key(JdbcClient.StatementSpec statement, DeploymentRef deployment) {
        return statement.param("tenant", deployment.tenantId()).param("deployment", deployment.id());
    }

    /** The token gaps as {@link RequestSampleStore} packs them: little-endian float32s. */
    private static float @Nullable [] unpack(byte @Nullable [] packed) {
        if (packed == null) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN);
        float[] gaps = new float[packed.length / Float.BYTES];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = buffer.getFloat();
        }
        return gaps;
    }
}
