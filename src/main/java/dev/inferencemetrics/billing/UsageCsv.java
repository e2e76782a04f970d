package dev.inferencemetrics.billing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The CSV export: RFC 4180 (CRLF line ends; a field holding a comma, quote or line break is quoted, quotes doubled),
 * UTF-8, one header row. Without a byte-order mark unless asked for: Excel reads a CSV file without one in the
 * machine's legacy code page (names such as "Zürich" come out garbled), while most other readers take the mark for
 * part of the first column's name. Text that a spreadsheet would run as a formula — starting with
 * {@code = + - @}, tab or carriage return — is prefixed with an apostrophe. Numbers are plain.
 */
final class UsageCsv implements UsageWriter {

    static final List<String> COLUMNS = List.of(
            "tenant",
            "tenant_name",
            "deployment",
            "deployment_name",
            "day",
            "time_zone",
            "requests",
            "ok_requests",
            "input_tokens",
            "output_tokens",
            "currency",
            "price_input_per_mtok",
            "price_output_per_mtok",
            "cost_input",
            "cost_output",
            "cost");

    private static final String LINE_END = "\r\n";

    private final Writer out;

    static final char BYTE_ORDER_MARK = '\uFEFF';

    UsageCsv(OutputStream stream, boolean byteOrderMark) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
        if (byteOrderMark) {
            out.write(BYTE_ORDER_MARK);
        }
        out.write(String.join(",", COLUMNS));
        out.write(LINE_END);
    }

    @Override
    public void row(UsageRow row) throws IOException {
        out.write(String.join(
                ",",
                text(row.tenant()),
                text(row.tenantName()),
                text(row.deployment()),
                text(row.deploymentName()),
                row.day().toString(),
                text(row.timeZone().getId()),
                Long.toString(row.requests()),
                Long.toString(row.okRequests()),
                Long.toString(row.inputTokens()),
                Long.toString(row.outputTokens()),
                text(row.price().currency()),
                MoneyFormat.exact(row.price().inputPerMtok()),
                MoneyFormat.exact(row.price().outputPerMtok()),
                MoneyFormat.exact(row.inputCost()),
                MoneyFormat.exact(row.outputCost()),
                MoneyFormat.exact(row.cost())));
        out.write(LINE_END);
    }

    @Override
    public void finish() throws IOException {
        out.flush();
    }

    /** A text cell: neutralised against formula injection, then quoted if RFC 4180 requires it. */
    static String text(String value) {
        String safe = startsLikeAFormula(value) ? "'" + value : value;
        if (safe.chars().anyMatch(c -> c == ',' || c == '"' || c == '\r' || c == '\n')) {
            return '"' + safe.replace("\"", "\"\"") + '"';
        }
        return safe;
    }

    private static boolean startsLikeAFormula(String value) {
        if (value.isEmpty()) {
            return false;
        }
        char first = value.charAt(0);
        return first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
    }
}
