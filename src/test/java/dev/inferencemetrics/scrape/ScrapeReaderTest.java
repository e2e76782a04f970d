package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.scrape.Snapshot.Cumulative;
import dev.inferencemetrics.scrape.Snapshot.GaugeReading;
import dev.inferencemetrics.scrape.exposition.ExpositionParser;
import dev.inferencemetrics.testing.TestDataSets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScrapeReaderTest {

    static final Path DATASETS = TestDataSets.ENGINE_METRICS;
    static final Path FIXTURES = TestDataSets.ENGINE_METRICS;

    static Snapshot read(Path file, String replica) throws IOException {
        return ScrapeReader.read(ExpositionParser.parse(Files.readString(file)), replica);
    }

    @Test
    void sglang_gauges_map_to_kv_cache_running_waiting_and_prefix_hit_rate_in_percent() throws IOException {
        Snapshot snapshot = read(DATASETS.resolve("sglang-llama31-8b-under-load.txt"), "pod-0");

        assertThat(snapshot.gauges())
                .usingRecursiveFieldByFieldElementComparatorOnFields("metric", "replica")
                .containsExactlyInAnyOrder(
                        new GaugeReading(EngineMetric.KV_CACHE, "pod-0", 28.0),
                        new GaugeReading(EngineMetric.REQUESTS_RUNNING, "pod-0", 162.0),
                        new GaugeReading(EngineMetric.REQUESTS_WAITING, "pod-0", 2826.0),
                        new GaugeReading(EngineMetric.PREFIX_CACHE_HIT, "pod-0", 0.75));
        assertThat(value(snapshot, EngineMetric.KV_CACHE)).isCloseTo(28.0, within(1e-9));
        assertThat(value(snapshot, EngineMetric.PREFIX_CACHE_HIT)).isCloseTo(0.7507552643049313, within(1e-12));
        assertThat(snapshot.seriesRead()).isEqualTo(91);
    }

    @Test
    void sglang_histograms_and_token_counters_become_cumulatives_per_bucket() throws IOException {
        Snapshot snapshot = read(DATASETS.resolve("sglang-llama31-8b-under-load.txt"), "pod-0");

        assertThat(snapshot.cumulatives())
                .filteredOn(c -> c.metric() == EngineMetric.TTFT)
                .hasSize(21)
                .last()
                .isEqualTo(new Cumulative(EngineMetric.TTFT, "pod-0", "+Inf", 11008.0, Double.NaN));
        assertThat(snapshot.cumulatives())
                .filteredOn(c -> c.metric() == EngineMetric.ITL)
                .hasSize(19);
        assertThat(snapshot.cumulatives())
                .filteredOn(c -> c.metric() == EngineMetric.PROMPT_TOKENS)
                .containsExactly(new Cumulative(EngineMetric.PROMPT_TOKENS, "pod-0", "", 8.128902e+06, Double.NaN));
    }

    @Test
    void the_minus_one_no_data_sentinel_of_old_vllm_is_skipped_and_zero_gauges_are_kept() throws IOException {
        Snapshot snapshot = read(DATASETS.resolve("vllm-0.6-idle.txt"), "node-a");

        assertThat(snapshot.gauges())
                .containsExactlyInAnyOrder(
                        new GaugeReading(EngineMetric.KV_CACHE, "node-a", 0.0),
                        new GaugeReading(EngineMetric.REQUESTS_RUNNING, "node-a", 0.0),
                        new GaugeReading(EngineMetric.REQUESTS_WAITING, "node-a", 0.0));
        assertThat(snapshot.cumulatives())
                .extracting(Cumulative::metric)
                .containsExactlyInAnyOrder(
                        EngineMetric.PREEMPTIONS, EngineMetric.PROMPT_TOKENS, EngineMetric.GENERATION_TOKENS);
    }

    @Test
    void each_engine_label_is_a_replica_of_its_own_and_the_new_kv_name_wins_over_the_deprecated_one()
            throws IOException {
        Snapshot snapshot = read(FIXTURES.resolve("vllm-v1-two-engines.txt"), "gpu-node-1");

        assertThat(snapshot.gauges())
                .filteredOn(g -> g.metric() == EngineMetric.KV_CACHE)
                .containsExactly(
                        new GaugeReading(EngineMetric.KV_CACHE, "gpu-node-1 engine=0", 41.25),
                        new GaugeReading(EngineMetric.KV_CACHE, "gpu-node-1 engine=1", 27.500000000000004));
        assertThat(snapshot.cumulatives())
                .filteredOn(c -> c.metric() == EngineMetric.PREFIX_CACHE_HIT)
                .containsExactly(
                        new Cumulative(EngineMetric.PREFIX_CACHE_HIT, "gpu-node-1 engine=0", "hits", 120000, 1.7637e9),
                        new Cumulative(
                                EngineMetric.PREFIX_CACHE_HIT, "gpu-node-1 engine=0", "queries", 480000, 1.7637e9),
                        new Cumulative(EngineMetric.PREFIX_CACHE_HIT, "gpu-node-1 engine=1", "hits", 160000, 1.7637e9),
                        new Cumulative(
                                EngineMetric.PREFIX_CACHE_HIT, "gpu-node-1 engine=1", "queries", 320000, 1.7637e9));
    }

    @Test
    void nan_values_and_ratios_above_one_are_no_readings() {
        Snapshot snapshot = ScrapeReader.read(
                ExpositionParser.parse(
                        "vllm:kv_cache_usage_perc NaN\nsglang:token_usage 1.7\nvllm:num_requests_waiting 4\n"),
                "r");

        assertThat(snapshot.gauges()).containsExactly(new GaugeReading(EngineMetric.REQUESTS_WAITING, "r", 4));
    }

    @Test
    void a_dcgm_exporter_scrape_gives_each_gpus_utilisation_engine_activity_memory_share_and_power()
            throws IOException {
        Snapshot snapshot = read(DATASETS.resolve("dcgm-exporter-tesla-t4-busy.txt"), "node-a");

        assertThat(snapshot.gauges())
                .usingRecursiveFieldByFieldElementComparatorOnFields("metric", "replica")
                .containsExactlyInAnyOrder(
                        new GaugeReading(EngineMetric.GPU_UTIL, "node-a", 0),
                        new GaugeReading(EngineMetric.GPU_ACTIVE, "node-a", 0),
                        new GaugeReading(EngineMetric.GPU_MEMORY, "node-a", 0),
                        new GaugeReading(EngineMetric.GPU_POWER, "node-a", 0));
        assertThat(value(snapshot, EngineMetric.GPU_UTIL)).isEqualTo(91.0);
        assertThat(value(snapshot, EngineMetric.GPU_ACTIVE)).isCloseTo(15.6205, within(1e-9));
        assertThat(value(snapshot, EngineMetric.GPU_MEMORY)).isCloseTo(100.0 * 5120 / (5120 + 9791), within(1e-9));
        assertThat(value(snapshot, EngineMetric.GPU_POWER)).isCloseTo(68.244, within(1e-9));
        assertThat(snapshot.cumulatives()).isEmpty();
    }

    @Test
    void an_idle_gpu_reads_zero_and_its_help_and_type_lines_change_nothing() throws IOException {
        Snapshot snapshot = read(DATASETS.resolve("dcgm-exporter-l4-idle.txt"), "node-b");

        assertThat(value(snapshot, EngineMetric.GPU_UTIL)).isZero();
        assertThat(value(snapshot, EngineMetric.GPU_MEMORY)).isZero();
        assertThat(value(snapshot, EngineMetric.GPU_POWER)).isCloseTo(16.365, within(1e-9));
        assertThat(snapshot.gauges()).hasSize(4);
    }

    @Test
    void every_gpu_of_a_target_is_a_reading_of_its_own_and_memory_pairs_used_with_free_of_the_same_gpu() {
        // a fixture in the exposition's shape: two GPUs, the second one's series first, a MIG instance of the first
        Snapshot snapshot = ScrapeReader.read(ExpositionParser.parse("""
                DCGM_FI_DEV_FB_USED{gpu="1",UUID="GPU-b"} 3000
                DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-a"} 1000
                DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-a",GPU_I_ID="3"} 10
                DCGM_FI_DEV_FB_FREE{gpu="0",UUID="GPU-a"} 7000
                DCGM_FI_DEV_FB_FREE{gpu="1",UUID="GPU-b"} 1000
                DCGM_FI_DEV_FB_FREE{gpu="0",UUID="GPU-a",GPU_I_ID="3"} 90
                DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-a"} 40
                DCGM_FI_DEV_GPU_UTIL{gpu="1",UUID="GPU-b"} 80
                DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu="0",UUID="GPU-a"} 1.5
                """), "node");

        assertThat(snapshot.gauges())
                .containsExactlyInAnyOrder(
                        new GaugeReading(EngineMetric.GPU_UTIL, "node", 40),
                        new GaugeReading(EngineMetric.GPU_UTIL, "node", 80),
                        new GaugeReading(EngineMetric.GPU_MEMORY, "node", 75),
                        new GaugeReading(EngineMetric.GPU_MEMORY, "node", 12.5),
                        new GaugeReading(EngineMetric.GPU_MEMORY, "node", 10));
    }

    private static double value(Snapshot snapshot, EngineMetric metric) {
        return snapshot.gauges().stream()
                .filter(g -> g.metric() == metric)
                .findFirst()
                .orElseThrow()
                .value();
    }
}
