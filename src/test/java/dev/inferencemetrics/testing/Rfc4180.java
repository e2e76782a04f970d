package dev.inferencemetrics.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * A strict reader of RFC 4180 text, independent of the writer under test: records end with CRLF, a field is either
 * plain (no comma, quote, CR or LF) or quoted with inner quotes doubled. Anything else is an error.
 */
public final class Rfc4180 {

    private final String text;
    private int at;

    private Rfc4180(String text) {
        this.text = text;
    }

    public static List<List<String>> parse(String text) {
        return new Rfc4180(text).records();
    }

    private List<List<String>> records() {
        List<List<String>> records = new ArrayList<>();
        while (at < text.length()) {
            List<String> record = new ArrayList<>();
            record.add(field());
            while (peek() == ',') {
                at++;
                record.add(field());
            }
            expect("\r\n");
            records.add(record);
        }
        return records;
    }

    private String field() {
        if (peek() != '"') {
            int start = at;
            while (at < text.length() && ",\r\n\"".indexOf(text.charAt(at)) < 0) {
                at++;
            }
            if (peek() == '"') {
                throw new IllegalArgumentException("a quote inside a plain field at " + at);
            }
            return text.substring(start, at);
        }
        at++;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw new IllegalArgumentException("an unterminated quoted field");
            }
            char c = text.charAt(at++);
            if (c != '"') {
                value.append(c);
            } else if (peek() == '"') {
                value.append('"');
                at++;
            } else {
                return value.toString();
            }
        }
    }

    private void expect(String expected) {
        if (!text.startsWith(expected, at)) {
            throw new IllegalArgumentException("expected a record end (CRLF) at " + at);
        }
        at += expected.length();
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }
}
