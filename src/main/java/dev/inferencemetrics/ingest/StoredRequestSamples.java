package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.Dimension;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/** Reads raw request samples back as {@link RequestSampleStore} stored them. */
final class StoredRequestSamples {

    /**
     * The columns {@link #read} needs, from {@code request_sample} as {@code s}. The latencies are stored as {@code
     * real}; the driver reads them as doubles only once widened. A value of a dimension is read from its text or its
     * code.
     */
    static final String COLUMNS = "s.request_id, s.ts, s.status, s.ttft_ms::float8 as ttft_ms,"
            + " s.e2e_ms::float8 as e2e_ms, s.tpot_ms::float8 as tpot_ms, s.itl_gaps_ms, s.input_tokens,"
            + " s.output_tokens, s.queue_ms::float8 as queue_ms, s.finish_reason, "
            + DimensionCodeStore.valueOf(Dimension.CONSUMER, "s") + " as consumer, "
            + DimensionCodeStore.valueOf(Dimension.ADAPTER, "s") + " as adapter, "
            + DimensionCodeStore.valueOf(Dimension.PRIORITY, "s") + " as priority";

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
