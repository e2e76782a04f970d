package dev.inferencemetrics.imports;

import dev.inferencemetrics.base.UnusableValueException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * AIPerf's {@code profile_export.jsonl}, one record per request: {@code metadata.timestamp_ns} (when it was sent),
 * {@code metrics} as {@code {name: {value, unit}}} in ms and tokens, and an {@code error} object on failures. The
 * {@code inter_chunk_latency} list holds the gaps between streamed chunks, one per output token after the first.
 */
final class AiperfRecords implements RecordStream {

    private final JsonRecords lines;
    private boolean first = true;

    AiperfRecords(ObjectMapper json, InputStream file) {
        this.lines = JsonRecords.values(json, file);
    }

    @Override
    public @Nullable BenchmarkRecord next() {
        JsonNode line = lines.next();
        if (line == null) {
            return null;
        }
        if (first && !line.path("metadata").has("timestamp_ns")) {
            throw new UnusableValueException(
                    "an AIPerf profile_export.jsonl has one JSON record per line with metadata.timestamp_ns");
        }
        first = false;
        return record(line);
    }

    @Override
    public List<String> notes() {
        return List.of("Requests are placed at the times AIPerf sent them (metadata.timestamp_ns).");
    }

    @Override
    public void close() {
        lines.close();
    }

    private static BenchmarkRecord record(JsonNode line) {
        JsonNode metrics = line.path("metrics");
        JsonNode error = line.get("error");
        boolean ok = error == null || error.isNull();
        int output =
                BenchmarkReaders.count(metrics.path("output_sequence_length").get("value"));
        double[] gaps = ok ? gaps(metrics.path("inter_chunk_latency").path("value"), output) : null;
        return new BenchmarkRecord(
                ok,
                ok ? value(metrics, "ttft") : null,
                ok ? value(metrics, "request_latency") : null,
                ok && gaps == null ? value(metrics, "inter_token_latency") : null,
                gaps,
                BenchmarkReaders.count(metrics.path("input_sequence_length").get("value")),
                output,
                sentAt(line));
    }

    private static Instant sentAt(JsonNode line) {
        JsonNode ns = line.path("metadata").path("timestamp_ns");
        if (!ns.isIntegralNumber()) {
            throw new UnusableValueException("every AIPerf record needs metadata.timestamp_ns");
        }
        return Instant.EPOCH.plusNanos(ns.longValue());
    }

    private static @Nullable Double value(JsonNode metrics, String name) {
        JsonNode value = metrics.path(name).get("value");
        return value == null || !value.isNumber() ? null : value.doubleValue();
    }

    /**
     * Chunk gaps, when there are no more of them than output tokens − 1 (a chunk may carry several tokens). A stream
     * with more chunks than tokens gives none: its ITL is then AIPerf's {@code inter_token_latency}, the mean gap.
     */
    private static double @Nullable [] gaps(JsonNode list, int outputTokens) {
        if (!list.isArray() || list.size() > Math.max(0, outputTokens - 1)) {
            return null;
        }
        return BenchmarkReaders.numbers(list, 1);
    }
}
