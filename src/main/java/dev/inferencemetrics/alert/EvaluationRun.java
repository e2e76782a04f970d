package dev.inferencemetrics.alert;

/** How one evaluation went: deployments evaluated, those that failed (and were skipped), and whether it stopped. */
public record EvaluationRun(int evaluated, int failed, boolean leaseLost) {}
