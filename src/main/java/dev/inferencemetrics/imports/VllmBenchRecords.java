package dev.inferencemetrics.imports;

import dev.inferencemetrics.base.UnusableValueException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.MissingNode;

/**
 * vLLM bench ({@code --save-result --save-detailed}) and SGLang's {@code bench_serving} ({@code --output-details},
 * adapted from vLLM's script, one JSON line per run): parallel arrays indexed by request. Each array is read by a
 * parser of its own, all advanced in step, so one request's entries are in memory at a time. A non-empty entry in
 * {@code errors} marks a failed request; each {@code itls} entry lists the gaps between streamed chunks (a chunk may
 * carry several tokens). Both count a request that returned nothing (TTFT 0, no error, and no output tokens or no
 * gaps — SGLang writes the requested length when the server sent no usage) as completed: it failed.
 */
final class VllmBenchRecords implements RecordStream {

    private static final String NOT_A_VLLM_RESULT = "a vLLM bench file is a JSON object with arrays ttfts, itls, …;"
            + " save it with --save-result --save-detailed";
    private static final String NOT_AN_SGLANG_RESULT = "an SGLang bench_serving file is a JSON line with arrays ttfts,"
            + " itls, …; save it with --output-file and --output-details";

    private final String tool;
    private final int runs;
    private final @Nullable Double durationSeconds;
    private final JsonRecords ttfts;
    private final JsonRecords e2els;
    private final JsonRecords itls;
    private final JsonRecords errors;
    private final JsonRecords inputLens;
    private final JsonRecords outputLens;
    private int empty;

    private VllmBenchRecords(ObjectMapper json, Supplier<InputStream> file, String tool, String notAResult) {
        this.tool = tool;
        this.runs = JsonRecords.countValues(json, file.get());
        this.ttfts = JsonRecords.propertyElements(json, file.get(), "ttfts", notAResult);
        this.durationSeconds = JsonRecords.topLevelNumber(json, file.get(), "duration");
        JsonRecords e2e = JsonRecords.propertyElements(json, file.get(), "e2els", notAResult);
        this.e2els = e2e.absent() ? JsonRecords.propertyElements(json, file.get(), "latencies", notAResult) : e2e;
        this.itls = JsonRecords.propertyElements(json, file.get(), "itls", notAResult);
        this.errors = JsonRecords.propertyElements(json, file.get(), "errors", notAResult);
        this.inputLens = JsonRecords.propertyElements(json, file.get(), "input_lens", notAResult);
        this.outputLens = JsonRecords.propertyElements(json, file.get(), "output_lens", notAResult);
        if (ttfts.absent()) {
            close();
            throw new UnusableValueException(notAResult);
        }
    }

    static VllmBenchRecords vllm(ObjectMapper json, Supplier<InputStream> file) {
        return new VllmBenchRecords(json, file, "vLLM bench", NOT_A_VLLM_RESULT);
    }

    static VllmBenchRecords sglang(ObjectMapper json, Supplier<InputStream> file) {
        return new VllmBenchRecords(json, file, "SGLang bench_serving", NOT_AN_SGLANG_RESULT);
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
        boolean returnedNothing =
                error.isBlank() && (ttft == null || ttft == 0) && (output == 0 || gaps == null || gaps.length == 0);
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
        List<String> notes = new ArrayList<>();
        if (empty > 0) {
            notes.add(empty + " request(s) that " + tool + " counted as completed returned no output tokens with a"
                    + " TTFT of 0 and no error: imported as failed requests, not as 0 ms successes.");
        }
        if (runs > 1) {
            notes.add("The file holds " + runs + " runs, one per line (" + tool + " appends each run to its output"
                    + " file): the first was imported. Import each of the others from a file of its own line.");
        }
        return notes;
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
