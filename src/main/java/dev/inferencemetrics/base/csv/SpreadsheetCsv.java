package dev.inferencemetrics.base.csv;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A CSV export in RFC 4180 (CRLF line ends; a field holding a comma, quote or line break is quoted, quotes doubled)
 * with one header row. Text that a spreadsheet would run as a formula — starting with {@code = + - @}, tab or
 * carriage return — is prefixed with an apostrophe: exported text comes from people (names) and from gateways
 * (request ids), and a cell such as {@code =HYPERLINK(…)} must reach the reader as text. Numbers are written as given.
 */
public final class SpreadsheetCsv {

    private final CSVPrinter printer;

    public SpreadsheetCsv(Writer out, List<String> header) throws IOException {
        this.printer = new CSVPrinter(out, CSVFormat.RFC4180);
        printer.printRecord(header);
    }

    /** One record: {@link Text} cells are made safe, every other cell is written as its {@code toString()}. */
    public void row(Object... cells) throws IOException {
        List<String> record = new ArrayList<>(cells.length);
        for (Object cell : cells) {
            record.add(cell instanceof Text text ? safe(text.value()) : String.valueOf(cell));
        }
        printer.printRecord(record);
    }

    public void flush() throws IOException {
        printer.flush();
    }

    /** A cell of free text, written so that no spreadsheet runs it. */
    public static Text text(String value) {
        return new Text(value);
    }

    /** A free-text cell, as opposed to a number, date or code the application wrote itself. */
    public record Text(String value) {}

    static String safe(String value) {
        return startsLikeAFormula(value) ? "'" + value : value;
    }

    private static boolean startsLikeAFormula(String value) {
        if (value.isEmpty()) {
            return false;
        }
        char first = value.charAt(0);
        return first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
    }
}
