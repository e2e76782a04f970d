package dev.inferencemetrics.capacity;

import dev.inferencemetrics.rollup.sketch.LatencySketch;

/**
 * One interval of a deployment's traffic as the knee detector sees it: mean requests in flight, requests per second
 * (throughput) and the TTFT distribution of its ok requests.
 */
public record LoadInterval(double concurrency, double requestsPerSecond, LatencySketch ttft) {}
