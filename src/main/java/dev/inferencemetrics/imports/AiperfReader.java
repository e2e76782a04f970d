package dev.inferencemetrics.imports;

import dev.inferencemetrics.imports.BenchmarkRun.BenchmarkRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * AIPerf's {@code profile_export.jsonl}, one record per request: {@code metadata.timestamp_ns} (when it was sent),
 * {@code metrics} as {@code {name: {value, unit}}} in ms and tokens, and an {@code error} object on failures. The
 * {@code inter_chunk_latency} list holds the gaps between streamed chunks, one per output token after the first.
 */
final class AiperfReader {

    private AiperfReader() {}

    /** {@code lines}: the file's records as a JSON array, in file order. */
    static BenchmarkRun read(JsonNode lines) {
        if (!lines.isArray()
                || lines.isEmpty()
                || !lines.get(0).path("metadata").has("timestamp_ns")) {
            throw new IllegalArgumentException(
                    "an AIPerf profile_export.jsonl has one JSON record per line with metadata.timestamp_ns");
        }
        long first = Long.MAX_VALUE;
        for (JsonNode line : lines) {
            first = Math.min(first, sentNanos(line));
        }
        List<BenchmarkRecord> records = new ArrayList<>(lines.size());
        Duration runTime = Duration.ZERO;
        for (JsonNode line : lines) {
            Duration sentAfter = Duration.ofNanos(sentNanos(line) - first);
            BenchmarkRecord record = record(line, sentAfter);
            records.add(record);
            Duration end = record.e2eMs() == null ? sentAfter : sentAfter.plusNanos(Math.round(record.e2eMs() * 1e6));
            runTime = end.compareTo(runTime) > 0 ? end : runTime;
        }
        return new BenchmarkRun(
                records,
                runTime.isZero() ? Duration.ofMillis(1) : runTime,
                Instant.EPOCH.plusNanos(first),
                List.of("Requests are placed at the times AIPerf sent them (metadata.timestamp_ns)."));
    }

    private static BenchmarkRecord record(JsonNode line, Duration sentAfter) {
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
                sentAfter);
    }

    private static long sentNanos(JsonNode line) {
        JsonNode ns = line.path("metadata").path("timestamp_ns");
        if (!ns.isIntegralNumber()) {
            throw new IllegalArgumentException("every AIPerf record needs metadata.timestamp_ns");
        }
        return ns.longValue();
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
        double[] gaps = new double[list.size()];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = list.get(i).doubleValue();
        }
        return gaps;
    }
}
