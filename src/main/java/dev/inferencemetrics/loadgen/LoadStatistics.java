package dev.inferencemetrics.loadgen;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/** What came back so far: counts by outcome and the latency of whole calls. Thread-safe. */
final class LoadStatistics {

    private long sent;
    private long calls;
    private long finishedCalls;
    private long accepted;
    private long rejected;
    private long failedCalls;
    private final Map<String, Long> failures = new TreeMap<>();
    private final LatencySketch callLatency = LatencySketch.empty();

    /** One call sent with {@code samples} samples (a query counts as one). */
    synchronized void sent(int samples) {
        sent += samples;
        calls++;
    }

    /** Runs one call, counting it failed whatever it throws, so that no call drops out of the figures. */
    void attempt(Call call) {
        try {
            call.run();
        } catch (IOException | RuntimeException e) {
            failed(e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failed("interrupted");
        }
    }

    synchronized void answered(int status, long acceptedSamples, long rejectedSamples, double latencyMs) {
        accepted += acceptedSamples;
        rejected += rejectedSamples;
        finishedCalls++;
        callLatency.add(latencyMs);
        if (!ApiCalls.succeeded(status)) {
            failedCalls++;
            failures.merge("HTTP " + status, 1L, Long::sum);
        }
    }

    synchronized void failed(String reason) {
        finishedCalls++;
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

    /** Calls sent that were neither answered nor failed (yet): at the end of a run, calls lost from sight. */
    synchronized long unansweredCalls() {
        return calls - finishedCalls;
    }

    synchronized Map<String, Long> failures() {
        return Map.copyOf(failures);
    }

    synchronized double latencyMs(double quantile) {
        return callLatency.quantile(quantile).orElse(Double.NaN);
    }

    /** A call to the dashboard, which may fail in any way. */
    @FunctionalInterface
    interface Call {
        void run() throws IOException, InterruptedException;
    }
}
