package dev.inferencemetrics.demo;

import org.jspecify.annotations.Nullable;

/**
 * A small model of how one deployment behaves: arrivals (requests/s, with an optional burst), how load queues up
 * in front of prefill (TTFT grows with KV-cache usage), prompt and output lengths (log-normal), and decode speed
 * (ITL grows with context), and an optional load cycle whose peaks queue requests in front of prefill. Medians and
 * sigmas are of log-normal distributions.
 */
record DeploymentBehaviour(
        String slug,
        double requestsPerSecond,
        double ttftMedianMs,
        double ttftSigma,
        double tpotMedianMs,
        double tpotSigma,
        double tpotGrowthPerKiloToken,
        double inputMedianTokens,
        double outputMedianTokens,
        double lengthSigma,
        double errorRate,
        double kvBasePct,
        double kvDriftPctPerDay,
        double queueingPerKvPct,
        @Nullable Burst burst,
        @Nullable LoadCycle cycle) {}
