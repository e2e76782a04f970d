package dev.inferencemetrics.slo;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** An objective's budget over the rolling period ending now, and how it was spent, for the card and the chart. */
public record BudgetReport(ErrorBudget budget, Duration period, Instant from, Instant to, List<BudgetPoint> burnDown) {}
