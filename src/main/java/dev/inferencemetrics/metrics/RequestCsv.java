package dev.inferencemetrics.metrics;

import static dev.inferencemetrics.base.csv.SpreadsheetCsv.text;

import dev.inferencemetrics.base.csv.SpreadsheetCsv;
import dev.inferencemetrics.ingest.RequestRow;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** A drill-down's requests as {@link SpreadsheetCsv}; request ids are free text, since gateways choose them. */
final class RequestCsv {

    static final List<String> COLUMNS = List.of(
            "request_id", "time", "status", "ttft_ms", "itl_ms", "e2e_ms", "queue_ms", "input_tokens", "output_tokens");

    private final SpreadsheetCsv csv;

    RequestCsv(Writer out) throws IOException {
        this.csv = new SpreadsheetCsv(out, COLUMNS);
    }

    void rows(List<RequestRow> rows) throws IOException {
        for (RequestRow row : rows) {
            csv.row(
                    text(row.requestId()),
                    row.ts(),
                    row.status(),
                    number(row.ttftMs()),
                    number(row.itlMs()),
                    number(row.e2eMs()),
                    number(row.queueMs()),
                    row.inputTokens(),
                    row.outputTokens());
        }
    }

    void flush() throws IOException {
        csv.flush();
    }

    private static String number(@Nullable Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.3f", value);
    }
}
