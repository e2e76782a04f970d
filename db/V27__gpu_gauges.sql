-- GPU readings scraped from NVIDIA's DCGM exporter join the engine gauges: utilisation (%), graphics engine active
-- (% of time), framebuffer memory used (% of used + free) and power draw (W), one reading per GPU and scrape.
alter table engine_gauge_rollup drop constraint engine_gauge_rollup_metric_check;
alter table engine_gauge_rollup add constraint engine_gauge_rollup_metric_check
    check (metric in ('running', 'waiting', 'prefix_hit', 'preemptions', 'prompt_tokens', 'generation_tokens',
                      'gpu_util', 'gpu_active', 'gpu_memory', 'gpu_power'));
