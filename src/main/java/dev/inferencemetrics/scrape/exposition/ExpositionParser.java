package dev.inferencemetrics.scrape.exposition;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the Prometheus text format 0.0.4 and OpenMetrics 1.0 into samples. Comments ({@code # HELP}, {@code # TYPE},
 * {@code # UNIT}) carry nothing the alias table needs and are skipped; {@code # EOF} ends the exposition. Timestamps
 * and OpenMetrics exemplars are read past. {@code _created} series come back as ordinary samples: a change of one
 * tells a counter reset that the value alone could hide. Any malformed line fails the whole exposition, as a
 * Prometheus server fails the scrape; what a fault says names the line and the kind of fault, never the text read
 * (the answer may be a service that is not an engine, and the fault is shown to the tenant).
 */
public final class ExpositionParser {

    private ExpositionParser() {}

    /** The longest line read; a longer one fails the exposition rather than be held whole. */
    public static final int MAX_LINE_CHARS = 64 * 1024;

    public static List<Sample> parse(String text) {
        try {
            return parse(new StringReader(text), Integer.MAX_VALUE);
        } catch (IOException e) {
            throw new UncheckedIOException("a string cannot fail to be read", e);
        }
    }

    /**
     * Reads line by line, so that an answer is never held whole; more than {@code maxSeries} samples fail the
     * exposition at the first one past the limit.
     */
    public static List<Sample> parse(Reader text, int maxSeries) throws IOException {
        List<Sample> samples = new ArrayList<>();
        Lines lines = new Lines(text);
        for (String read; (read = lines.next()) != null; ) {
            String line = stripCarriageReturn(read);
            if (line.startsWith("#")) {
                if (line.equals("# EOF")) {
                    break;
                }
                continue;
            }
            if (!line.isBlank()) {
                if (samples.size() == maxSeries) {
                    throw new TooManySeries(lines.number, maxSeries);
                }
                samples.add(new LineReader(line, lines.number).sample());
            }
        }
        return samples;
    }

    /** The lines of a text, split at {@code \n} only, none longer than {@link #MAX_LINE_CHARS}. */
    private static final class Lines {

        private final Reader text;
        private final char[] buffer = new char[8192];
        private final StringBuilder line = new StringBuilder();
        private int at;
        private int end;
        private int number;

        Lines(Reader text) {
            this.text = text;
        }

        @Nullable
        String next() throws IOException {
            line.setLength(0);
            while (true) {
                if (at == end) {
                    end = text.read(buffer);
                    at = 0;
                    if (end <= 0) {
                        end = 0;
                        return line.isEmpty() ? null : counted();
                    }
                }
                int from = at;
                while (at < end && buffer[at] != '\n') {
                    at++;
                }
                line.append(buffer, from, at - from);
                if (line.length() > MAX_LINE_CHARS) {
                    number++;
                    throw new ExpositionFormatException(
                            number, "the line is longer than " + MAX_LINE_CHARS + " characters");
                }
                if (at < end) {
                    at++;
                    return counted();
                }
            }
        }

        private String counted() {
            number++;
            return line.toString();
        }
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
                throw fail("a sample has no value");
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
                throw fail("a " + what + " was expected");
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
                    throw fail("a label appears twice");
                }
                skipBlanks();
                if (peek() == ',') {
                    at++;
                    skipBlanks();
                } else if (peek() != '}') {
                    throw fail("a label is not followed by , or }");
                }
            }
            at++;
            return labels;
        }

        private String quoted() {
            expect('"');
            StringBuilder value = new StringBuilder();
            while (true) {
                char c = next("a label value is not closed");
                if (c == '"') {
                    return value.toString();
                }
                if (c == '\\') {
                    char escaped = next("a label value is not closed");
                    value.append(
                            switch (escaped) {
                                case 'n' -> '\n';
                                case '\\', '"' -> escaped;
                                default -> throw fail("a label value holds an unknown escape");
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
                    throw fail("a sample value is not a number");
                }
            }
            throw fail("a sample value is not a number");
        }

        private void expect(char wanted) {
            if (next("a label is not written name=\"value\"") != wanted) {
                throw fail("a label is not written name=\"value\"");
            }
        }

        /** The next character; {@code fault} says what is wrong when the line ends here. */
        private char next(String fault) {
            if (at >= line.length()) {
                throw fail(fault);
            }
            return line.charAt(at++);
        }

        private char peek() {
            if (at >= line.length()) {
                throw fail("the line ends inside the labels");
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
