package dev.inferencemetrics.scrape.exposition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the Prometheus text format 0.0.4 and OpenMetrics 1.0 into samples. Comments ({@code # HELP}, {@code # TYPE},
 * {@code # UNIT}) carry nothing the alias table needs and are skipped; {@code # EOF} ends the exposition. Timestamps
 * and OpenMetrics exemplars are read past. {@code _created} series come back as ordinary samples: a change of one
 * tells a counter reset that the value alone could hide. Any malformed line fails the whole exposition, as a
 * Prometheus server fails the scrape.
 */
public final class ExpositionParser {

    private ExpositionParser() {}

    public static List<Sample> parse(String text) {
        List<Sample> samples = new ArrayList<>();
        int lineNumber = 0;
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            lineNumber++;
            String line = stripCarriageReturn(text.substring(start, end));
            start = end + 1;
            if (line.startsWith("#")) {
                if (line.equals("# EOF")) {
                    break;
                }
                continue;
            }
            if (!line.isBlank()) {
                samples.add(new LineReader(line, lineNumber).sample());
            }
        }
        return samples;
    }

    private static String stripCarriageReturn(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** One sample line, read left to right. */
    private static final class LineReader {

        private final String line;
        private final int number;
        private int at;

        LineReader(String line, int number) {
            this.line = line;
            this.number = number;
        }

        Sample sample() {
            String name = name("metric name");
            Map<String, String> labels = at < line.length() && line.charAt(at) == '{' ? labels() : Map.of();
            if (at >= line.length() || !isBlank(line.charAt(at))) {
                throw fail("expected a space before the value of " + name);
            }
            skipBlanks();
            return new Sample(name, labels, value(token()));
        }

        private String name(String what) {
            int from = at;
            while (at < line.length() && isNameChar(line.charAt(at), at == from)) {
                at++;
            }
            if (at == from) {
                throw fail("expected a " + what + " at column " + (from + 1));
            }
            return line.substring(from, at);
        }

        private Map<String, String> labels() {
            Map<String, String> labels = new LinkedHashMap<>();
            at++;
            skipBlanks();
            while (peek() != '}') {
                String label = name("label name");
                skipBlanks();
                expect('=');
                skipBlanks();
                if (labels.put(label, quoted()) != null) {
                    throw fail("label " + label + " appears twice");
                }
                skipBlanks();
                if (peek() == ',') {
                    at++;
                    skipBlanks();
                } else if (peek() != '}') {
                    throw fail("expected , or } after label " + label);
                }
            }
            at++;
            return labels;
        }

        private String quoted() {
            expect('"');
            StringBuilder value = new StringBuilder();
            while (true) {
                char c = next("an unterminated label value");
                if (c == '"') {
                    return value.toString();
                }
                if (c == '\\') {
                    char escaped = next("an unterminated escape");
                    value.append(
                            switch (escaped) {
                                case 'n' -> '\n';
                                case '\\', '"' -> escaped;
                                default -> throw fail("unknown escape \\" + escaped + " in a label value");
                            });
                } else {
                    value.append(c);
                }
            }
        }

        private String token() {
            int from = at;
            while (at < line.length() && !isBlank(line.charAt(at))) {
                at++;
            }
            return line.substring(from, at);
        }

        private double value(String token) {
            return switch (token) {
                case "+Inf", "Inf", "+inf", "inf" -> Double.POSITIVE_INFINITY;
                case "-Inf", "-inf" -> Double.NEGATIVE_INFINITY;
                case "NaN", "nan" -> Double.NaN;
                default -> number(token);
            };
        }

        private double number(String token) {
            // Java also reads "1d", "0x1p3" and "Infinity", which no exposition writes.
            boolean plain = !token.isEmpty()
                    && token.chars()
                            .allMatch(c ->
                                    Character.isDigit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-');
            if (plain) {
                try {
                    return Double.parseDouble(token);
                } catch (NumberFormatException e) {
                    throw fail("\"" + token + "\" is not a number");
                }
            }
            throw fail("\"" + token + "\" is not a number");
        }

        private void expect(char wanted) {
            if (next("'" + wanted + "'") != wanted) {
                throw fail("expected '" + wanted + "' at column " + at);
            }
        }

        private char next(String expected) {
            if (at >= line.length()) {
                throw fail("line ends where " + expected + " was expected");
            }
            return line.charAt(at++);
        }

        private char peek() {
            if (at >= line.length()) {
                throw fail("line ends inside the labels");
            }
            return line.charAt(at);
        }

        private void skipBlanks() {
            while (at < line.length() && isBlank(line.charAt(at))) {
                at++;
            }
        }

        private ExpositionFormatException fail(String reason) {
            return new ExpositionFormatException(number, reason);
        }

        private static boolean isBlank(char c) {
            return c == ' ' || c == '\t';
        }

        private static boolean isNameChar(char c, boolean first) {
            return c == '_'
                    || c == ':'
                    || (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (!first && c >= '0' && c <= '9');
        }
    }
}
