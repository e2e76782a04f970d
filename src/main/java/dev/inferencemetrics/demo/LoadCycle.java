package dev.inferencemetrics.demo;

import java.time.Duration;
import java.time.Instant;

/**
 * Arrivals that rise and fall: the rate is multiplied by 1 + {@code amplitude} · sin(2π t ÷ {@code period}) (t in
 * epoch seconds, so every stretch of the same time sees the same rate), and waiting for prefill grows as
 * 1 ÷ (1 − rate ÷ {@code saturation}), as a queue in front of a server does when its load nears what it can serve.
 */
record LoadCycle(Duration period, double amplitude, double saturationRequestsPerSecond) {

    double rateFactor(Instant t) {
        double phase = 2 * Math.PI * (t.getEpochSecond() % period.getSeconds()) / period.getSeconds();
        return 1 + amplitude * Math.sin(phase);
    }

    double queueing(double requestsPerSecond) {
        return 1 / (1 - Math.min(0.95, requestsPerSecond / saturationRequestsPerSecond));
    }
}
