package dev.inferencemetrics.ingest;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/** Reads raw request samples back as {@link RequestSampleStore} stored them. */
final class StoredRequestSamples {

    /**
     * The columns {@link #read} needs, from {@code request_sample}. The latencies are stored as {@code real}; the driver
     * reads them as doubles only once widened.
     */
    static final String COLUMNS = "request_id, ts, status, ttft_ms::float8 as ttft_ms, e2e_ms::float8 as e2e_ms,"
            + " tpot_ms::float8 as tpot_ms, itl_gaps_ms, input_tokens, output_tokens, queue_ms::float8 as queue_ms,"
            + " finish_reason, consumer, adapter, priority";

    private StoredRequestSamples() {}

    /** The sample of the current row, which has {@link #COLUMNS}. */
    static RequestSample read(ResultSet rs) throws SQLException {
        return new RequestSample(
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
                rs.getString("priority"));
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
