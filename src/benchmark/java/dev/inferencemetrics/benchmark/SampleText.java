package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.ingest.RequestSample;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/**
 * The two wire forms of a sample: the JSON a gateway POSTs, and the row of {@code COPY request_sample FROM STDIN}
 * (text format) that stores the same request the way {@code RequestSampleStore} does.
 */
final class SampleText {

    static final String COPY_REQUEST_SAMPLE = "copy request_sample (tenant_id, deployment_id, ts, request_id, status,"
            + " ttft_ms, e2e_ms, tpot_ms, itl_gaps_ms, input_tokens, output_tokens, received_at) from stdin";

    private static final HexFormat HEX = HexFormat.of();

    private SampleText() {}

    static void appendJson(StringBuilder out, RequestSample sample) {
        out.append("{\"requestId\":\"")
                .append(sample.requestId())
                .append("\",\"ts\":\"")
                .append(sample.ts())
                .append('"');
        appendJsonNumber(out, "ttftMs", sample.ttftMs());
        appendJsonNumber(out, "e2eMs", sample.e2eMs());
        appendJsonNumber(out, "tpotMs", sample.tpotMs());
        if (sample.itlGapsMs() != null) {
            out.append(",\"itlMs\":[");
            float[] gaps = sample.itlGapsMs();
            for (int i = 0; i < gaps.length; i++) {
                out.append(i == 0 ? "" : ",").append(gaps[i]);
            }
            out.append(']');
        }
        out.append(",\"inputTokens\":")
                .append(sample.inputTokens())
                .append(",\"outputTokens\":")
                .append(sample.outputTokens())
                .append(",\"status\":\"")
                .append(sample.status().code())
                .append('"');
        appendJsonText(out, "consumer", sample.consumer());
        appendJsonText(out, "adapter", sample.adapter());
        appendJsonText(out, "priority", sample.priority());
        out.append('}');
    }

    /** A label of letters, digits and marks that need no escaping in JSON. */
    private static void appendJsonText(StringBuilder out, String name, @Nullable String value) {
        if (value != null) {
            out.append(",\"").append(name).append("\":\"").append(value).append('"');
        }
    }

    static void appendCopyRow(
            StringBuilder out, long tenantId, long deploymentId, RequestSample sample, Instant receivedAt) {
        out.append(tenantId).append('\t').append(deploymentId).append('\t');
        out.append(sample.ts());
        out.append('\t').append(sample.requestId()).append('\t');
        out.append(sample.status().ordinal()).append('\t');
        appendCopyValue(out, sample.ttftMs());
        appendCopyValue(out, sample.e2eMs());
        appendCopyValue(out, sample.tpotMs());
        if (sample.itlGapsMs() == null) {
            out.append("\\N\t");
        } else {
            out.append("\\\\x")
                    .append(HEX.formatHex(packed(sample.itlGapsMs())))
                    .append('\t');
        }
        out.append(sample.inputTokens())
                .append('\t')
                .append(sample.outputTokens())
                .append('\t');
        out.append(receivedAt);
        out.append('\n');
    }

    private static void appendJsonNumber(StringBuilder out, String name, @Nullable Double value) {
        if (value != null) {
            out.append(",\"").append(name).append("\":").append(value.doubleValue());
        }
    }

    private static void appendCopyValue(StringBuilder out, @Nullable Double value) {
        out.append(value == null ? "\\N" : Double.toString(value)).append('\t');
    }

    /** The storage form of token gaps, as {@code RequestSampleStore} writes it: little-endian float32s. */
    private static byte[] packed(float[] gaps) {
        ByteBuffer buffer = ByteBuffer.allocate(gaps.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float gap : gaps) {
            buffer.putFloat(gap);
        }
        return buffer.array();
    }
}
