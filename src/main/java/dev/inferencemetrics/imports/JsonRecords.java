package dev.inferencemetrics.imports;

import dev.inferencemetrics.base.UnusableValueException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A streaming parser over one file that hands out one JSON value at a time: the elements of a top-level array, the
 * values of a JSON Lines file, or the elements of one array property of a top-level object. Parse errors become a
 * message for the user.
 */
final class JsonRecords implements AutoCloseable {

    private final JsonParser parser;
    private boolean ended;
    private boolean absent;

    private JsonRecords(JsonParser parser) {
        this.parser = parser;
    }

    /** The elements of the top-level array; {@code notAnArray} is the message if the file holds something else. */
    static JsonRecords arrayElements(ObjectMapper json, InputStream file, String notAnArray) {
        JsonRecords records = new JsonRecords(parser(json, file));
        if (records.token() != JsonToken.START_ARRAY) {
            records.close();
            throw new UnusableValueException(notAnArray);
        }
        return records;
    }

    /** One value after another at the top level, as in JSON Lines. */
    static JsonRecords values(ObjectMapper json, InputStream file) {
        return new JsonRecords(parser(json, file));
    }

    /**
     * The elements of the array property {@code name} of the top-level object; none if there is no such array.
     * {@code notAnObject} is the message if the file holds no object.
     */
    static JsonRecords propertyElements(ObjectMapper json, InputStream file, String name, String notAnObject) {
        JsonRecords records = new JsonRecords(parser(json, file));
        if (records.token() != JsonToken.START_OBJECT) {
            records.close();
            throw new UnusableValueException(notAnObject);
        }
        records.absent = !records.seekProperty(name, true);
        records.ended = records.absent;
        return records;
    }

    /** The value of the top-level object's property {@code name}, if it is a number. */
    static @Nullable Double topLevelNumber(ObjectMapper json, InputStream file, String name) {
        try (JsonRecords records = new JsonRecords(parser(json, file))) {
            if (records.token() != JsonToken.START_OBJECT || !records.seekProperty(name, false)) {
                return null;
            }
            return records.parser.currentToken().isNumeric() ? records.parser.getDoubleValue() : null;
        }
    }

    /** How many values the file holds at its top level (the lines of a JSON Lines file), read past, not kept. */
    static int countValues(ObjectMapper json, InputStream file) {
        try (JsonRecords records = new JsonRecords(parser(json, file))) {
            int values = 0;
            for (JsonToken token = records.token(); token != null; token = records.token()) {
                records.skip();
                values++;
            }
            return values;
        }
    }

    /**
     * Python's {@code json.dumps} writes {@code Infinity} and {@code NaN} (SGLang's bench_serving does, for its default
     * request rate), so they are read as numbers.
     */
    private static JsonParser parser(ObjectMapper json, InputStream file) {
        return json.reader().with(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).createParser(file);
    }

    /** Whether the file has no array property of the name asked for. */
    boolean absent() {
        return absent;
    }

    /** The next value, or null after the last. */
    @Nullable
    JsonNode next() {
        if (ended) {
            return null;
        }
        JsonToken token = token();
        if (token == null || token == JsonToken.END_ARRAY) {
            ended = true;
            return null;
        }
        try {
            return parser.readValueAsTree();
        } catch (JacksonException e) {
            throw unreadable(e);
        }
    }

    @Override
    public void close() {
        parser.close();
    }

    /** Moves to the value of the top-level property {@code name}; with {@code array}, only if it is an array. */
    private boolean seekProperty(String name, boolean array) {
        for (JsonToken token = token(); token == JsonToken.PROPERTY_NAME; token = token()) {
            boolean wanted = name.equals(parser.currentName());
            JsonToken value = token();
            if (wanted && (!array || value == JsonToken.START_ARRAY)) {
                return true;
            }
            skip();
        }
        return false;
    }

    private @Nullable JsonToken token() {
        try {
            return parser.nextToken();
        } catch (JacksonException e) {
            throw unreadable(e);
        }
    }

    private void skip() {
        try {
            parser.skipChildren();
        } catch (JacksonException e) {
            throw unreadable(e);
        }
    }

    /** The parser's own message names its internals; say where the file breaks and what to do. */
    private static UnusableValueException unreadable(JacksonException e) {
        String where = e.getLocation() == null
                ? ""
                : " near line " + e.getLocation().getLineNr() + ", column "
                        + e.getLocation().getColumnNr();
        return new UnusableValueException("the file is not readable JSON: it breaks off or has an unexpected"
                + " character" + where + ". Pick the run's results file, or export it again.");
    }
}
