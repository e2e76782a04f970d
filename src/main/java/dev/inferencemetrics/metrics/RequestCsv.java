package dev.inferencemetrics.metrics;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A drill-down's requests as RFC 4180 CSV; request ids are quoted, since gateways choose them freely. */
final class RequestCsv {

    private RequestCsv() {}

    static void header(Writer out) throws IOException {
        out.write("request_id,time,status,ttft_ms,itl_ms,e2e_ms,queue_ms,input_tokens,output_tokens\r\n");
    }

    static void rows(Writer out, List<RequestRow> rows) throws IOException {
        for (RequestRow row : rows) {
            out.write(quoted(row.requestId()) + "," + row.ts() + "," + row.status() + "," + number(row.ttftMs()) + ","
                    + number(row.itlMs()) + "," + number(row.e2eMs()) + "," + number(row.queueMs()) + ","
                    + row.inputTokens() + "," + row.outputTokens() + "\r\n");
        }
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }

    private static String number(@Nullable Double value) {
        return value == null ? "" : String.format(java.util.Locale.ROOT, "%.3f", value);
    }
}
