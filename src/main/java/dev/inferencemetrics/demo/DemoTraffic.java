package dev.inferencemetrics.demo;

import java.time.Duration;
import java.util.List;

/**
 * The demo's deployments and the story they tell: qwen3-coder bursts (KV near 30 %, TTFT p99 near 1 s) and then
 * settles (TTFT p50 ≈ 76 ms, tail ≈ 2.7×; ITL p50 ≈ 18 ms, tail ≈ 1.8×; E2E p50 ≈ 11 s; KV ≈ 2–3 %); the Llama 70B
 * deployment's load rises and falls each hour, queues at its peaks and breaches its TTFT SLO throughout; the NIM deployment's KV usage creeps up day by day; DeepSeek is
 * healthy. The sandbox deployment gets no traffic: it is there for the README's curl examples.
 */
final class DemoTraffic {

    /** ln(2.7) / z(0.99): the sigma whose p99 is 2.7 times its median. */
    static final double TAIL_2_7 = Math.log(2.7) / 2.326;

    static final double TAIL_1_8 = Math.log(1.8) / 2.326;

    static final List<DeploymentBehaviour> BEHAVIOURS = List.of(
            new DeploymentBehaviour(
                    "qwen3-coder",
                    0.6,
                    76,
                    TAIL_2_7,
                    18,
                    TAIL_1_8,
                    0,
                    550,
                    610,
                    0.3,
                    0.005,
                    2.5,
                    0,
                    0.14,
                    new Burst(Duration.ofHours(2), Duration.ofMinutes(20), 12),
                    null),
            // 0.16–0.64 requests/s each hour against 0.8 it can serve: waiting multiplies TTFT by 1.25 at
            // the quietest
            // and 5 at the peak, so p99 grows faster than throughput past about 0.4 requests/s (5–6 in
            // flight), a
            // knee the Capacity tab finds. Even the quietest minutes (median TTFT 375 ms) leave some 45 %
            // of requests
            // over the 400 ms objective (99 %): a burn far past the 14.4× that pages
            new DeploymentBehaviour(
                    "llama-3-1-70b",
                    0.4,
                    300,
                    0.55,
                    32,
                    0.2,
                    0.004,
                    1200,
                    380,
                    0.45,
                    0.01,
                    18,
                    0,
                    0.02,
                    null,
                    new LoadCycle(Duration.ofHours(1), 0.6, 0.8)),
            new DeploymentBehaviour(
                    "llama-3-1-8b-nim", 0.3, 45, 0.35, 9, 0.15, 0.002, 800, 250, 0.4, 0.002, 4, 3, 0.01, null, null),
            new DeploymentBehaviour(
                    "deepseek-v3-sglang",
                    0.3,
                    140,
                    0.4,
                    24,
                    0.18,
                    0.003,
                    2000,
                    700,
                    0.4,
                    0.004,
                    6,
                    0,
                    0.01,
                    null,
                    null));

    private DemoTraffic() {}
}
