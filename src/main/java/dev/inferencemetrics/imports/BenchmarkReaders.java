package dev.inferencemetrics.imports;

import dev.inferencemetrics.imports.BenchmarkRun.BenchmarkRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Reads benchmark files (seconds) into records (milliseconds). */
final class BenchmarkReaders {

    private BenchmarkReaders() {}

    static BenchmarkRun read(BenchmarkFormat format, JsonNode root) {
        return switch (format) {
            case LLMPERF -> llmPerf(root);
            case VLLM_BENCH -> vllmBench(root);
            case AIPERF -> AiperfReader.read(root);
        };
    }

    /** LLMPerf: a request failed when error_code is set; ITL is the request's mean gap. */
    static BenchmarkRun llmPerf(JsonNode root) {
        if (!root.isArray()) {
            throw new IllegalArgumentException("an LLMPerf individual-results file is a JSON array of requests");
        }
        List<BenchmarkRecord> records = new ArrayList<>(root.size());
        for (JsonNode request : root) {
            JsonNode errorCode = request.get("error_code");
            boolean ok = errorCode == null || errorCode.isNull();
            records.add(new BenchmarkRecord(
                    ok,
                    millis(request.get("ttft_s")),
                    millis(request.get("end_to_end_latency_s")),
                    millis(request.get("inter_token_latency_s")),
                    null,
                    count(request.get("number_input_tokens")),
                    count(request.get("number_output_tokens")),
                    null));
        }
        return BenchmarkRun.spread(records, null, List.of());
    }

    /**
     * vLLM bench: parallel arrays indexed by request. A non-empty entry in {@code errors} marks a failed request;
     * each {@code itls} entry lists the gaps between streamed chunks (a chunk may carry several tokens). vLLM bench
     * counts a request that returned nothing (no output tokens, TTFT 0, empty error) as completed: it failed.
     */
    static BenchmarkRun vllmBench(JsonNode root) {
        if (!root.isObject() || !root.path("ttfts").isArray()) {
            throw new IllegalArgumentException("a vLLM bench file is a JSON object with arrays ttfts, itls, …;"
                    + " save it with --save-result --save-detailed");
        }
        JsonNode ttfts = root.get("ttfts");
        JsonNode e2e = root.path("e2els").isArray() ? root.get("e2els") : root.path("latencies");
        List<BenchmarkRecord> records = new ArrayList<>(ttfts.size());
        int empty = 0;
        for (int i = 0; i < ttfts.size(); i++) {
            String error = root.path("errors").path(i).asString("");
            double[] gaps = gaps(root.path("itls").path(i));
            Double ttft = millis(ttfts.get(i));
            Double endToEnd = millis(e2e.path(i));
            if (endToEnd == null && ttft != null && gaps != null) {
                endToEnd = ttft + sum(gaps);
            }
            boolean returnedNothing =
                    error.isBlank() && count(root.path("output_lens").path(i)) == 0 && (ttft == null || ttft == 0);
            empty += returnedNothing ? 1 : 0;
            boolean ok = error.isBlank() && !returnedNothing;
            records.add(new BenchmarkRecord(
                    ok,
                    ok ? ttft : null,
                    ok ? endToEnd : null,
                    null,
                    ok ? gaps : null,
                    count(root.path("input_lens").path(i)),
                    ok ? count(root.path("output_lens").path(i)) : 0,
                    null));
        }
        JsonNode duration = root.get("duration");
        Duration runTime = duration != null && duration.isNumber() && duration.doubleValue() > 0
                ? Duration.ofMillis(Math.round(duration.doubleValue() * 1000))
                : null;
        List<String> notes = empty == 0
                ? List.of()
                : List.of(empty + " request(s) that vLLM bench counted as completed returned no output tokens with a"
                        + " TTFT of 0 and no error: imported as failed requests, not as 0 ms successes.");
        return BenchmarkRun.spread(records, runTime, notes);
    }

    static @Nullable Double millis(@Nullable JsonNode seconds) {
        return seconds == null || !seconds.isNumber() ? null : seconds.doubleValue() * 1000;
    }

    static int count(@Nullable JsonNode value) {
        return value == null || !value.isNumber() ? 0 : Math.max(0, value.intValue());
    }

    private static double @Nullable [] gaps(JsonNode seconds) {
        if (!seconds.isArray()) {
            return null;
        }
        double[] gaps = new double[seconds.size()];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = seconds.get(i).doubleValue() * 1000;
        }
        return gaps;
    }

    private static double sum(double[] values) {
        double total = 0;
        for (double value : values) {
            total += value;
        }
        return total;
    }
}
