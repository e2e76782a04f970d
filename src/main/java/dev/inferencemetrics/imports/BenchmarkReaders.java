package dev.inferencemetrics.imports;

import java.io.InputStream;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** Reads benchmark files (seconds) into records (milliseconds), one record at a time. */
final class BenchmarkReaders {

    private BenchmarkReaders() {}

    /** @param file opens the file from its start; a format that reads several places of it at once opens it more */
    static RecordStream open(BenchmarkFormat format, ObjectMapper json, Supplier<InputStream> file) {
        return switch (format) {
            case LLMPERF -> new LlmperfRecords(json, file.get());
            case VLLM_BENCH -> VllmBenchRecords.vllm(json, file);
            case SGLANG_BENCH -> VllmBenchRecords.sglang(json, file);
            case AIPERF -> new AiperfRecords(json, file.get());
        };
    }

    static @Nullable Double millis(@Nullable JsonNode seconds) {
        return seconds == null || !seconds.isNumber() ? null : seconds.doubleValue() * 1000;
    }

    static int count(@Nullable JsonNode value) {
        return value == null || !value.isNumber() ? 0 : Math.max(0, value.intValue());
    }

    /** The numbers of a JSON array, each multiplied by {@code factor}; null if it is no array. */
    static double @Nullable [] numbers(JsonNode list, double factor) {
        if (!list.isArray()) {
            return null;
        }
        double[] values = new double[list.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = list.get(i).doubleValue() * factor;
        }
        return values;
    }
}
