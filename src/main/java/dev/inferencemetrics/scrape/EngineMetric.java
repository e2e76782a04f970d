package dev.inferencemetrics.scrape;

/** What a scrape can tell us, in our own terms; the code is how it is stored. */
public enum EngineMetric {
    KV_CACHE("kv_cache", "KV-cache use, % of blocks"),
    REQUESTS_RUNNING("running", "requests running"),
    REQUESTS_WAITING("waiting", "requests waiting"),
    PREFIX_CACHE_HIT("prefix_hit", "prefix-cache hit rate, %"),
    PREEMPTIONS("preemptions", "preemptions per second"),
    PROMPT_TOKENS("prompt_tokens", "prompt tokens per second"),
    GENERATION_TOKENS("generation_tokens", "generated tokens per second"),
    TTFT("ttft", "time to first token (histogram)"),
    ITL("itl", "inter-token latency (histogram)"),
    E2E("e2e", "end-to-end latency (histogram)"),
    GPU_UTIL("gpu_util", "GPU utilisation, % (per GPU)"),
    GPU_ACTIVE("gpu_active", "graphics engine active, % of time (per GPU)"),
    GPU_MEMORY("gpu_memory", "GPU memory used, % of used + free (per GPU)"),
    GPU_POWER("gpu_power", "GPU power draw, W (per GPU)");

    private final String code;
    private final String description;

    EngineMetric(String code, String description) {
        this.code = code;
        this.description = description;
    }

    public String code() {
        return code;
    }

    public String description() {
        return description;
    }

    /** Whether a GPU exporter reports it (per GPU) rather than an engine. */
    public boolean perGpu() {
        return switch (this) {
            case GPU_UTIL, GPU_ACTIVE, GPU_MEMORY, GPU_POWER -> true;
            default -> false;
        };
    }
}
