package dev.inferencemetrics.imports;

import java.util.Arrays;
import java.util.Optional;

/** The benchmark result files we read. */
public enum BenchmarkFormat {
    /** LLMPerf individual responses: a JSON array of requests with ttft_s, inter_token_latency_s, … */
    LLMPERF("llmperf", "LLMPerf individual results"),
    /** {@code vllm bench serve --save-result --save-detailed}: arrays ttfts, itls, e2els, input_lens, … */
    VLLM_BENCH("vllm", "vLLM bench serve (--save-detailed)"),
    /** SGLang {@code bench_serving --output-details}: one JSON line per run with vLLM's arrays (no e2els). */
    SGLANG_BENCH("sglang", "SGLang bench_serving (--output-details)"),
    /** AIPerf (GenAI-Perf's successor) {@code profile_export.jsonl}: one JSON record per request, real timestamps. */
    AIPERF("aiperf", "AIPerf profile_export.jsonl");

    private final String code;
    private final String label;

    BenchmarkFormat(String code, String label) {
        this.code = code;
        this.label = label;
    }

    public String code() {
        return code;
    }

    public String label() {
        return label;
    }

    public static Optional<BenchmarkFormat> fromCode(String code) {
        return Arrays.stream(values())
                .filter(f -> f.code.equalsIgnoreCase(code))
                .findFirst();
    }
}
