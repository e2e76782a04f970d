package dev.inferencemetrics.testing;

import java.nio.file.Path;

/**
 * Real published files the tests and benchmarks read, kept in the repository with their licence and origin beside
 * them (each folder's README), so that a clone with nothing beside it passes its own tests.
 */
public final class TestDataSets {

    private static final Path RESOURCES = Path.of("src", "test", "resources");

    /** Per-request results of the LLMPerf leaderboard runs (JSON arrays). */
    public static final Path LLMPERF = RESOURCES.resolve("llmperf");

    /** One NVIDIA AIPerf run's per-request records. */
    public static final Path AIPERF_RUN = RESOURCES.resolve("aiperf").resolve("profile_export.jsonl");

    /** Engine /metrics scrapes, real ones and fixtures in vLLM V1's shape. */
    public static final Path ENGINE_METRICS = RESOURCES.resolve("engine-metrics");

    /** Benchmark result files of vLLM bench and SGLang bench_serving. */
    public static final Path BENCHMARK_RESULTS = RESOURCES.resolve("benchmarks");

    private TestDataSets() {}
}
