package dev.inferencemetrics.slo;

import java.time.Instant;

/** The share of an objective's budget left at the end of one bucket of the period: a point of the burn-down. */
public record BudgetPoint(Instant t, double remainingFraction) {}
