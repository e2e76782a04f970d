package dev.inferencemetrics.imports;

import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.MissingNode;

/**
 * vLLM bench ({@code --save-result --save-detailed}): parallel arrays indexed by request. Each array is read by a
 * parser of its own, all advanced in step, so one request's entries are in memory at a time. A non-empty entry in
 * {@code errors} marks a failed request; each {@code itls} entry lists the gaps between streamed chunks (a chunk may
 * carry several tokens). vLLM bench counts a request that returned nothing (no output tokens, TTFT 0, empty error)
 * as completed: it failed.
 */
final class VllmBenchRecords implements RecordStream {

    private static final String NOT_A_RESULT = "a vLLM bench file is a JSON object with arrays ttfts, itls, …;"
            + " save it with --save-result --save-detailed";

    private final @Nullable Double durationSeconds;
    private final JsonRecords ttfts;
    private final JsonRecords e2els;
    private final JsonRecords itls;
    private final JsonRecords errors;
    private final JsonRecords inputLens;
    private final JsonRecords outputLens;
    private int empty;

    VllmBenchRecords(ObjectMapper json, Supplier<InputStream> file) {
        this.ttfts = JsonRecords.propertyElements(json, file.get(), "ttfts", NOT_A_RESULT);
        this.durationSeconds = JsonRecords.topLevelNumber(json, file.get(), "duration");
        JsonRecords e2e = JsonRecords.propertyElements(json, file.get(), "e2els", NOT_A_RESULT);
        this.e2els = e2e.absent() ? JsonRecords.propertyElements(json, file.get(), "latencies", NOT_A_RESULT) : e2e;
        this.itls = JsonRecords.propertyElements(json, file.get(), "itls", NOT_A_RESULT);
        this.errors = JsonRecords.propertyElements(json, file.get(), "errors", NOT_A_RESULT);
        this.inputLens = JsonRecords.propertyElements(json, file.get(), "input_lens", NOT_A_RESULT);
        this.outputLens = JsonRecords.propertyElements(json, file.get(), "output_lens", NOT_A_RESULT);
        if (ttfts.absent()) {
            close();
            throw new IllegalArgumentException(NOT_A_RESULT);
        }
    }

    @Override
    public @Nullable BenchmarkRecord next() {
        JsonNode ttftEntry = ttfts.next();
        if (ttftEntry == null) {
            return null;
        }
        String error = entry(errors).asString("");
        double[] gaps = BenchmarkReaders.numbers(entry(itls), 1000);
        Double ttft = BenchmarkReaders.millis(ttftEntry);
        Double endToEnd = BenchmarkReaders.millis(entry(e2els));
        if (endToEnd == null && ttft != null && gaps != null) {
            endToEnd = ttft + sum(gaps);
        }
        int output = BenchmarkReaders.count(entry(outputLens));
        boolean returnedNothing = error.isBlank() && output == 0 && (ttft == null || ttft == 0);
        empty += returnedNothing ? 1 : 0;
        boolean ok = error.isBlank() && !returnedNothing;
        return new BenchmarkRecord(
                ok,
                ok ? ttft : null,
                ok ? endToEnd : null,
                null,
                ok ? gaps : null,
                BenchmarkReaders.count(entry(inputLens)),
                ok ? output : 0,
                null);
    }

    @Override
    public @Nullable Duration duration() {
        return durationSeconds != null && durationSeconds > 0
                ? Duration.ofMillis(Math.round(durationSeconds * 1000))
                : null;
    }

    @Override
    public List<String> notes() {
        return empty == 0
                ? List.of()
                : List.of(empty + " request(s) that vLLM bench counted as completed returned no output tokens with a"
                        + " TTFT of 0 and no error: imported as failed requests, not as 0 ms successes.");
    }

    @Override
    public void close() {
        for (JsonRecords array : new JsonRecords[] {ttfts, e2els, itls, errors, inputLens, outputLens}) {
            if (array != null) {
                array.close();
            }
        }
    }

    /** The entry of a shorter or missing array is missing, as a parallel array's index past its end would be. */
    private static JsonNode entry(JsonRecords array) {
        JsonNode entry = array.next();
        return entry == null ? MissingNode.getInstance() : entry;
    }

    private static double sum(double[] values) {
        double total = 0;
        for (double value : values) {
            total += value;
        }
        return total;
    }
}
