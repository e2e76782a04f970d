package dev.inferencemetrics.billing;

import java.time.Instant;

/** A cost in a deployment's GPU cost history: in effect from {@code effectiveFrom} until the next one. */
public record GpuCostPeriod(Instant effectiveFrom, GpuCost cost) {}
