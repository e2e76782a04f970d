package dev.inferencemetrics.loadgen;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.Map;
import java.util.TreeMap;

/** What came back so far: counts by outcome and the latency of whole calls. Thread-safe. */
final class LoadStatistics {

    private long sent;
    private long accepted;
    private long rejected;
    private long failedCalls;
    private final Map<String, Long> failures = new TreeMap<>();
    private final LatencySketch callLatency = LatencySketch.empty();

    synchronized void sent(int samples) {
        sent += samples;
    }

    synchronized void answered(int status, long acceptedSamples, long rejectedSamples, double latencyMs) {
        accepted += acceptedSamples;
        rejected += rejectedSamples;
        callLatency.add(latencyMs);
        if (status / 100 != 2) {
            failedCalls++;
            failures.merge("HTTP " + status, 1L, Long::sum);
        }
    }

    synchronized void failed(String reason) {
        failedCalls++;
        failures.merge(reason, 1L, Long::sum);
    }

    synchronized long sent() {
        return sent;
    }

    synchronized long accepted() {
        return accepted;
    }

    synchronized long rejected() {
        return rejected;
    }

    synchronized long failedCalls() {
        return failedCalls;
    }

    synchronized Map<String, Long> failures() {
        return Map.copyOf(failures);
    }

    synchronized double latencyMs(double quantile) {
        return callLatency.quantile(quantile).orElse(Double.NaN);
    }
}
