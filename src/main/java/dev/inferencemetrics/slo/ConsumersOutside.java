package dev.inferencemetrics.slo;

import java.time.Instant;
import java.util.List;

/**
 * The consumers of a deployment outside its TTFT objective over a window (as snapped to whole steps), worst
 * compliance first: {@code total} of them, of which {@code consumers} lists at most the limit asked for. The
 * objective is judged whether or not it is enabled ({@code objectiveEnabled} says).
 */
public record ConsumersOutside(
        String deployment,
        Instant from,
        Instant to,
        double ttftThresholdMs,
        double targetPct,
        boolean objectiveEnabled,
        int total,
        List<ConsumerBreach> consumers) {}
