package dev.inferencemetrics.capacity;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * A server with a fixed number of batch slots, driven by a benchmark that keeps {@code clients} requests in flight
 * (each client sends its next request the moment its last one ends), first come first served. A request holds a slot
 * for its prefill and its decode; its TTFT is the time it waited for a slot plus its prefill. While clients ≤ slots
 * nobody waits and throughput grows with every client; past that, throughput is flat and each extra client only
 * waits, so the knee is at exactly {@code slots} requests in flight, whatever the service times.
 */
final class SlotSimulation {

    private static final double WARM_UP_SECONDS = 30;

    private final int slots;
    private final double prefillMedianMs;
    private final double decodeMeanMs;

    SlotSimulation(int slots, double prefillMedianMs, double decodeMeanMs) {
        this.slots = slots;
        this.prefillMedianMs = prefillMedianMs;
        this.decodeMeanMs = decodeMeanMs;
    }

    /**
     * One measured interval at {@code clients} in flight: throughput, and concurrency by Little's law from the
     * requests that started after the warm-up, as the dashboard would count it.
     */
    LoadInterval interval(int clients, double seconds, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        PriorityQueue<Double> slotsFreeAt = new PriorityQueue<>();
        Deque<Double> waiting = new ArrayDeque<>();
        for (int c = 0; c < clients; c++) {
            waiting.add(0.0);
        }
        LatencySketch ttft = LatencySketch.empty();
        double end = WARM_UP_SECONDS + seconds;
        double now = 0;
        long started = 0;
        double timeInSystem = 0;
        while (now < end) {
            while (!waiting.isEmpty() && slotsFreeAt.size() < slots) {
                double arrived = waiting.poll();
                double prefill = prefillMedianMs * Math.exp(0.3 * gaussian(random)) / 1000;
                double decode = -Math.log(1 - random.nextDouble()) * decodeMeanMs / 1000;
                double done = now + prefill + decode;
                slotsFreeAt.add(done);
                if (arrived >= WARM_UP_SECONDS) {
                    started++;
                    ttft.add((now - arrived + prefill) * 1000);
                    timeInSystem += done - arrived;
                }
            }
            now = slotsFreeAt.poll();
            waiting.add(now);
        }
        double throughput = started / seconds;
        return new LoadInterval(throughput * timeInSystem / started, throughput, ttft);
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
