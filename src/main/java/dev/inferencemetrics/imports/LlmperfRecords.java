package dev.inferencemetrics.imports;

import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** LLMPerf individual results, a JSON array of requests: a request failed when error_code is set; ITL is its mean gap. */
final class LlmperfRecords implements RecordStream {

    private final JsonRecords requests;

    LlmperfRecords(ObjectMapper json, InputStream file) {
        this.requests =
                JsonRecords.arrayElements(json, file, "an LLMPerf individual-results file is a JSON array of requests");
    }

    @Override
    public @Nullable BenchmarkRecord next() {
        JsonNode request = requests.next();
        if (request == null) {
            return null;
        }
        JsonNode errorCode = request.get("error_code");
        return new BenchmarkRecord(
                errorCode == null || errorCode.isNull(),
                BenchmarkReaders.millis(request.get("ttft_s")),
                BenchmarkReaders.millis(request.get("end_to_end_latency_s")),
                BenchmarkReaders.millis(request.get("inter_token_latency_s")),
                null,
                BenchmarkReaders.count(request.get("number_input_tokens")),
                BenchmarkReaders.count(request.get("number_output_tokens")),
                null);
    }

    @Override
    public void close() {
        requests.close();
    }
}
