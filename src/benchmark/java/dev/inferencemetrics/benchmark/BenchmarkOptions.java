package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.testing.TestDataSets;
import java.nio.file.Path;

/**
 * What the benchmark runs, from {@code -Dbenchmark.*} system properties (defaults in brackets).
 *
 * @param dataset directory of the LLMPerf runs [src/test/resources/llmperf]
 * @param run the run whose real per-request latencies are resampled [together_70b]
 * @param clients concurrent HTTP clients, and concurrent COPY connections for the baseline [4]
 * @param batches timed ingest batches of 1,000 samples in the tpotMs form [2000]
 * @param itlBatches timed ingest batches of 1,000 samples carrying itlMs arrays [200]
 * @param days days of history for the query benchmark [30]
 * @param requestsPerSecond rate of that history [10]
 * @param queryRuns timed runs of each rollup query, after as many warm-up runs [9]
 * @param baselineRuns timed runs of each percentile_cont query, after one warm-up run [3]
 * @param dimensionRounds rounds of the tpotMs batches without, with, with and without a consumer, adapter and priority
 *     [1]
 */
record BenchmarkOptions(
        Path dataset,
        String run,
        int clients,
        int batches,
        int itlBatches,
        int days,
        int requestsPerSecond,
        int queryRuns,
        int baselineRuns,
        int dimensionRounds) {

    static final int BATCH_SIZE = 1_000;

    static BenchmarkOptions fromSystemProperties() {
        return new BenchmarkOptions(
                System.getProperty("benchmark.dataset") == null
                        ? TestDataSets.LLMPERF
                        : Path.of(System.getProperty("benchmark.dataset")),
                System.getProperty("benchmark.run", "together_70b"),
                Integer.getInteger("benchmark.clients", 4),
                Integer.getInteger("benchmark.batches", 2_000),
                Integer.getInteger("benchmark.itlBatches", 200),
                Integer.getInteger("benchmark.days", 30),
                Integer.getInteger("benchmark.requestsPerSecond", 10),
                Integer.getInteger("benchmark.queryRuns", 9),
                Integer.getInteger("benchmark.baselineRuns", 3),
                Integer.getInteger("benchmark.dimensionRounds", 1));
    }
}
