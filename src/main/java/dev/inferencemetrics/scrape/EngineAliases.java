package dev.inferencemetrics.scrape;

import dev.inferencemetrics.scrape.Alias.Counter;
import dev.inferencemetrics.scrape.Alias.CounterRatio;
import dev.inferencemetrics.scrape.Alias.Gauge;
import dev.inferencemetrics.scrape.Alias.GpuMemory;
import dev.inferencemetrics.scrape.Alias.Histogram;
import dev.inferencemetrics.scrape.Alias.PerGpu;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The one table from engine metric names to ours (docs/api-and-engines.md shows the same table). Per metric, the
 * first alias a replica's scrape carries wins, so a vLLM that writes both its new and its deprecated name is read
 * once, by the new one. Labels that split an engine into replicas of their own are listed here too. NVIDIA's DCGM exporter, scraped
 * as a target of its own, writes one series per GPU: each GPU is one reading.
 */
final class EngineAliases {

    /** A series with one of these labels is a replica of its own (an engine core, a data-parallel rank). */
    static final List<String> REPLICA_LABELS = List.of("engine", "dp_rank", "data_parallel_rank");

    private static final String VLLM = "vLLM";
    private static final String VLLM_OLD = "vLLM (before V1)";
    private static final String SGLANG = "SGLang";
    private static final String NIM = "NVIDIA NIM";
    private static final String DYNAMO = "NVIDIA Dynamo";
    private static final String DCGM = "NVIDIA DCGM exporter";

    static final Map<EngineMetric, List<Alias>> TABLE = table();

    private EngineAliases() {}

    private static Map<EngineMetric, List<Alias>> table() {
        Map<EngineMetric, List<Alias>> table = new EnumMap<>(EngineMetric.class);
        table.put(
                EngineMetric.KV_CACHE,
                List.of(
                        new Gauge(VLLM, "vllm:kv_cache_usage_perc", true),
                        new Gauge(VLLM_OLD, "vllm:gpu_cache_usage_perc", true),
                        new Gauge(SGLANG, "sglang:token_usage", true),
                        new Gauge(NIM, "gpu_cache_usage_perc", true),
                        new Gauge(DYNAMO, "dynamo_component_kvstats_gpu_cache_usage_percent", true)));
        table.put(
                EngineMetric.REQUESTS_RUNNING,
                List.of(
                        new Gauge(VLLM, "vllm:num_requests_running", false),
                        new Gauge(SGLANG, "sglang:num_running_reqs", false),
                        new Gauge(NIM, "num_requests_running", false),
                        new Gauge(DYNAMO, "dynamo_frontend_inflight_requests", false)));
        table.put(
                EngineMetric.REQUESTS_WAITING,
                List.of(
                        new Gauge(VLLM, "vllm:num_requests_waiting", false),
                        new Gauge(SGLANG, "sglang:num_queue_reqs", false),
                        new Gauge(NIM, "num_requests_waiting", false),
                        new Gauge(DYNAMO, "dynamo_frontend_queued_requests", false)));
        table.put(
                EngineMetric.PREFIX_CACHE_HIT,
                List.of(
                        new CounterRatio(VLLM, "vllm:prefix_cache_hits_total", "vllm:prefix_cache_queries_total"),
                        new CounterRatio(
                                VLLM_OLD, "vllm:gpu_prefix_cache_hits_total", "vllm:gpu_prefix_cache_queries_total"),
                        new Gauge(VLLM_OLD, "vllm:gpu_prefix_cache_hit_rate", true),
                        new Gauge(SGLANG, "sglang:cache_hit_rate", true),
                        new Gauge(DYNAMO, "dynamo_component_kvstats_gpu_prefix_cache_hit_rate", true)));
        table.put(
                EngineMetric.PREEMPTIONS,
                List.of(
                        new Counter(VLLM, "vllm:num_preemptions_total"),
                        new Counter(SGLANG, "sglang:num_retracted_requests_total")));
        table.put(
                EngineMetric.PROMPT_TOKENS,
                List.of(
                        new Counter(VLLM, "vllm:prompt_tokens_total"),
                        new Counter(SGLANG, "sglang:prompt_tokens_total"),
                        new Counter(NIM, "prompt_tokens_total"),
                        new Counter(DYNAMO, "dynamo_frontend_input_tokens_total")));
        table.put(
                EngineMetric.GENERATION_TOKENS,
                List.of(
                        new Counter(VLLM, "vllm:generation_tokens_total"),
                        new Counter(SGLANG, "sglang:generation_tokens_total"),
                        new Counter(NIM, "generation_tokens_total"),
                        new Counter(DYNAMO, "dynamo_frontend_output_tokens_total")));
        table.put(
                EngineMetric.TTFT,
                List.of(
                        new Histogram(VLLM, "vllm:time_to_first_token_seconds"),
                        new Histogram(SGLANG, "sglang:time_to_first_token_seconds"),
                        new Histogram(NIM, "time_to_first_token_seconds"),
                        new Histogram(DYNAMO, "dynamo_frontend_time_to_first_token_seconds")));
        table.put(
                EngineMetric.ITL,
                List.of(
                        new Histogram(VLLM, "vllm:inter_token_latency_seconds"),
                        new Histogram(VLLM_OLD, "vllm:time_per_output_token_seconds"),
                        new Histogram(SGLANG, "sglang:inter_token_latency_seconds"),
                        new Histogram(SGLANG, "sglang:time_per_output_token_seconds"),
                        new Histogram(NIM, "time_per_output_token_seconds"),
                        new Histogram(DYNAMO, "dynamo_frontend_inter_token_latency_seconds")));
        table.put(
                EngineMetric.E2E,
                List.of(
                        new Histogram(VLLM, "vllm:e2e_request_latency_seconds"),
                        new Histogram(SGLANG, "sglang:e2e_request_latency_seconds"),
                        new Histogram(NIM, "e2e_request_latency_seconds"),
                        new Histogram(DYNAMO, "dynamo_frontend_request_duration_seconds")));
        table.put(EngineMetric.GPU_UTIL, List.of(new PerGpu(DCGM, "DCGM_FI_DEV_GPU_UTIL", 1)));
        table.put(EngineMetric.GPU_ACTIVE, List.of(new PerGpu(DCGM, "DCGM_FI_PROF_GR_ENGINE_ACTIVE", 100)));
        table.put(EngineMetric.GPU_MEMORY, List.of(new GpuMemory(DCGM, "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_FREE")));
        table.put(EngineMetric.GPU_POWER, List.of(new PerGpu(DCGM, "DCGM_FI_DEV_POWER_USAGE", 1)));
        return table;
    }
}
